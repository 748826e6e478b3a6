import type { BracketMatch, EventDetail } from '@campus-elo/api-contract';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceitMatch } from '../../../test-support/fakes';
import { secondsFromNow, setUpImports, type ImportsTestSetup } from '../imports/testing';

// Each format end to end through the procedures: the bracket built from the seeding, results
// entered by hand (or imported) on ordinary matches linked to slots, the bracket advancing.

let setup: ImportsTestSetup;
/** Teams T01..T16, Elo 1600 down to 1150, so seeding by Elo is T01 first. */
const teams: { id: string; name: string }[] = [];

beforeAll(async () => {
  setup = await setUpImports();
  for (let i = 1; i <= 16; i++) {
    const name = `T${String(i).padStart(2, '0')}`;
    const row = await setup.database.db.insertInto('teams').values({ name, elo: 1630 - i * 30 }).returning('id').executeTakeFirstOrThrow();
    teams.push({ id: row.id, name });
  }
});
afterAll(() => setup.close());

const caller = () => setup.caller;
const ids = (n: number) => teams.slice(0, n).map((t) => t.id);
const base = { start_date: '2026-03-01', end_date: '2026-03-02' };
const slots = (event: EventDetail) => event.stages.flatMap((s) => s.rounds.flatMap((r) => r.matches));
const playable = (event: EventDetail) => slots(event).filter((m) => m.status === 'ready' && m.match_id === null);

let clock = Date.parse('2026-03-01T12:00:00Z');
/** Plays a slot by hand: a match between its teams, completed, linked; side 1 wins unless told. */
async function play(event: EventDetail, slot: BracketMatch, winner: 1 | 2 = 1, score: [number, number] = winner === 1 ? [13, 7] : [7, 13]): Promise<EventDetail> {
  clock += 3_600_000;
  const created = await caller().admin.matches.create({
    team1_id: slot.team1!.id,
    team2_id: slot.team2!.id,
    status: 'completed',
    date: new Date(clock).toISOString(),
    score_team1: score[0],
    score_team2: score[1],
    winner_id: winner === 1 ? slot.team1!.id : slot.team2!.id,
  });
  return caller().admin.events.linkMatch({ id: event.id, slot: slot.id, match_id: created.match!.id });
}

/** Plays every ready slot (side 1 wins) until nothing is ready. */
async function playOut(event: EventDetail): Promise<EventDetail> {
  let current = event;
  for (let next = playable(current)[0]; next; next = playable(current)[0]) current = await play(current, next);
  return current;
}

describe('single elimination, 8 teams', () => {
  it('seeds by Elo (1 v 8), plays 7 matches and crowns the champion', async () => {
    let event = await caller().admin.events.create({ ...base, name: 'Spring Cup', format: 'single_elimination', team_ids: [...ids(8)].reverse() });
    expect(event.teams.map((t) => [t.name, t.seed])).toEqual(teams.slice(0, 8).map((t, i) => [t.name, i + 1]));
    expect(slots(event)).toHaveLength(7);
    expect(event.stages.map((s) => s.type)).toEqual(['single_elimination']);
    expect(event.stages[0]!.rounds.map((r) => r.name)).toEqual(['Quarterfinals', 'Semifinals', 'Final']);
    const first = event.stages[0]!.rounds[0]!.matches[0]!;
    expect([first.team1?.name, first.team2?.name]).toEqual(['T01', 'T08']);
    expect(first.next_match_id).toBe(event.stages[0]!.rounds[1]!.matches[0]!.id);
    expect(event.status).toBe('past'); // its dates are behind us
    expect(event.winner).toBeNull();

    event = await playOut(event);
    expect(slots(event).every((m) => m.status === 'completed' && m.match_id !== null)).toBe(true);
    expect(event.winner?.name).toBe('T01');
    const final = event.stages[0]!.rounds[2]!.matches[0]!;
    expect(final.next_match_id).toBeNull();
    expect(final.winner_id).toBe(teams[0]!.id);
    // The team page's events and the match page's event and round.
    const placement = async (i: number) => (await caller().public.teamEvents({ id: teams[i]!.id })).results.find((e) => e.id === event.id)?.placement;
    expect([await placement(0), await placement(1), await placement(7)]).toEqual(['Champion', 'Runner-up', 'Out in Quarterfinals']);
    expect(await caller().public.matchEvent({ id: final.match_id! })).toEqual({
      event: { id: event.id, name: 'Spring Cup', format: 'single_elimination' },
      slot: final.id,
      stage: 'single_elimination',
      round: { number: 3, name: 'Final' },
    });
    const list = await caller().public.events({ status: 'past' });
    expect(list.results.find((e) => e.id === event.id)).toMatchObject({ team_count: 8, winner: { name: 'T01' }, format: 'single_elimination' });
  });
});

describe('double elimination, 6 teams', () => {
  it('gives the top seeds byes, drops losers to the lower bracket and plays the reset', async () => {
    let event = await caller().admin.events.create({ ...base, name: 'Double Trouble', format: 'double_elimination', grand_final_reset: true, team_ids: ids(6) });
    expect(event.stages.map((s) => s.type)).toEqual(['upper_bracket', 'lower_bracket', 'grand_final']);
    const opening = event.stages[0]!.rounds[0]!.matches;
    expect(opening.filter((m) => m.is_bye).map((m) => m.team1?.name)).toEqual(['T01', 'T02']);
    expect(opening.filter((m) => !m.is_bye).every((m) => m.loser_next_match_id !== null)).toBe(true);
    const finals = event.stages[2]!.rounds;
    expect(finals.map((r) => r.name)).toEqual(['Grand final', 'Grand final reset']);

    // Everything side 1 wins, except the grand final: the lower bracket's champion takes it, so the reset is played.
    for (let next = playable(event)[0]; next; next = playable(event)[0]) {
      const isGrandFinal = event.stages[2]!.rounds[0]!.matches[0]!.id === next.id;
      event = await play(event, next, isGrandFinal ? 2 : 1);
    }
    const [grandFinal, reset] = event.stages[2]!.rounds.map((r) => r.matches[0]!);
    expect(grandFinal!.winner_id).toBe(grandFinal!.team2!.id);
    expect(reset!.status).toBe('completed');
    expect(event.winner?.id).toBe(reset!.winner_id);
    expect(event.winner?.name).toBe('T01');
    const out = await caller().public.teamEvents({ id: teams[5]!.id });
    expect(out.results.find((e) => e.id === event.id)?.placement).toMatch(/^Out in Lower round \d$/);
  });
});

describe('round robin, 5 teams', () => {
  it('plays 10 matches and ranks by wins, then round difference', async () => {
    let event = await caller().admin.events.create({ ...base, name: 'Group Stage', format: 'round_robin', team_ids: ids(5) });
    const real = slots(event).filter((m) => !m.is_bye);
    expect(real).toHaveLength(10);
    expect(event.standings?.tie_break).toBe('round_difference');
    // The higher seed wins every match, by more rounds the higher it is.
    for (let next = playable(event)[0]; next; next = playable(event)[0]) {
      const seedOf = (id: string) => event.teams.find((t) => t.id === id)!.seed!;
      const side1Higher = seedOf(next.team1!.id) < seedOf(next.team2!.id);
      event = await play(event, next, side1Higher ? 1 : 2);
    }
    expect(event.standings?.rows.map((r) => [r.team.name, r.wins, r.losses])).toEqual([
      ['T01', 4, 0],
      ['T02', 3, 1],
      ['T03', 2, 2],
      ['T04', 1, 3],
      ['T05', 0, 4],
    ]);
    expect(event.standings?.rows[0]!.round_difference).toBe(24);
    const t02 = await caller().public.teamEvents({ id: teams[1]!.id });
    expect(t02.results.find((e) => e.id === event.id)).toMatchObject({ seed: 2, placement: '2nd of 5', format: 'round_robin' });
    expect(event.winner?.name).toBe('T01');
  });
});

describe('swiss, 16 teams, 4 rounds', () => {
  it('pairs each round when the last completes, by record, never a rematch', async () => {
    let event = await caller().admin.events.create({ ...base, name: 'Swiss Open', format: 'swiss', swiss_rounds: 4, team_ids: ids(16) });
    expect(event.stages[0]!.rounds).toHaveLength(1);
    for (let round = 1; round <= 4; round++) {
      const matches = event.stages[0]!.rounds[round - 1]!.matches;
      expect(matches).toHaveLength(8);
      for (const m of matches) event = await play(event, m);
      expect(event.stages[0]!.rounds).toHaveLength(Math.min(round + 1, 4));
    }
    const pairs = slots(event).map((m) => [m.team1!.id, m.team2!.id].sort().join());
    expect(new Set(pairs).size).toBe(32);
    // Pairing by record: in round 2 the winners of round 1 meet each other.
    const winners1 = new Set(event.stages[0]!.rounds[0]!.matches.map((m) => m.winner_id));
    for (const m of event.stages[0]!.rounds[1]!.matches) expect(winners1.has(m.team1!.id)).toBe(winners1.has(m.team2!.id));
    expect(event.standings?.rows[0]!.wins).toBe(4);
    expect(event.winner?.id).toBe(event.standings?.rows[0]!.team.id);
  });
});

describe('swiss, 5 teams, 3 rounds', () => {
  it('gives the odd team out a bye (a win), never twice to the same team', async () => {
    let event = await caller().admin.events.create({ ...base, name: 'Odd Swiss', format: 'swiss', swiss_rounds: 3, team_ids: ids(5) });
    for (let round = 1; round <= 3; round++) {
      for (const m of event.stages[0]!.rounds[round - 1]!.matches.filter((x) => !x.is_bye)) event = await play(event, m);
    }
    const byes = slots(event).filter((m) => m.is_bye);
    expect(byes).toHaveLength(3);
    expect(new Set(byes.map((m) => m.team1!.id)).size).toBe(3);
    const rows = event.standings!.rows;
    expect(rows.reduce((sum, r) => sum + r.wins, 0)).toBe(6 + 3);
    expect(event.winner?.id).toBe(rows[0]!.team.id);
  });
});

describe('advancement from the writers of results', () => {
  it('advances when a linked match is completed by hand, re-flows a correction, and refuses one once later matches are played', async () => {
    let event = await caller().admin.events.create({ ...base, name: 'Fix Cup', format: 'single_elimination', team_ids: ids(4) });
    const [semi1, semi2] = event.stages[0]!.rounds[0]!.matches;
    // Linked while scheduled: nothing moves yet.
    const scheduled = await caller().admin.matches.create({ team1_id: semi1!.team1!.id, team2_id: semi1!.team2!.id, status: 'scheduled', date: '2026-03-01T15:00:00Z' });
    event = await caller().admin.events.linkMatch({ id: event.id, slot: semi1!.id, match_id: scheduled.match!.id });
    expect(slots(event).find((m) => m.id === semi1!.id)).toMatchObject({ match_id: scheduled.match!.id, status: 'ready', winner_id: null });
    // Being played: the slot is live with its score.
    await caller().admin.matches.update({ id: scheduled.match!.id, status: 'in_progress', score_team1: 5, score_team2: 3 });
    event = await caller().public.event({ id: event.id });
    expect(slots(event).find((m) => m.id === semi1!.id)).toMatchObject({ status: 'live', score_team1: 5, score_team2: 3 });
    await caller().admin.matches.update({ id: scheduled.match!.id, status: 'scheduled', score_team1: null, score_team2: null });
    event = await caller().public.event({ id: event.id });
    expect(slots(event).find((m) => m.id === semi1!.id)).toMatchObject({ status: 'ready', score_team1: null, score_team2: null });
    // Entered by hand: the winner fills the final.
    await caller().admin.matches.update({ id: scheduled.match!.id, status: 'completed', score_team1: 13, score_team2: 4, winner_id: semi1!.team1!.id });
    event = await caller().public.event({ id: event.id });
    let final = event.stages[0]!.rounds[1]!.matches[0]!;
    expect(final.team1?.id).toBe(semi1!.team1!.id);
    // The final is scheduled and linked, then the semifinal is corrected before the final is
    // played: the other team moves up instead, and the final's match (now between other teams) is unlinked.
    event = await play(event, event.stages[0]!.rounds[0]!.matches.find((m) => m.id === semi2!.id)!);
    final = event.stages[0]!.rounds[1]!.matches[0]!;
    const finalMatch = await caller().admin.matches.create({ team1_id: final.team1!.id, team2_id: final.team2!.id, status: 'scheduled', date: '2026-03-02T15:00:00Z' });
    await caller().admin.events.linkMatch({ id: event.id, slot: final.id, match_id: finalMatch.match!.id });
    await caller().admin.matches.update({ id: scheduled.match!.id, score_team1: 4, score_team2: 13, winner_id: semi1!.team2!.id });
    event = await caller().public.event({ id: event.id });
    final = event.stages[0]!.rounds[1]!.matches[0]!;
    expect(final.team1?.id).toBe(semi1!.team2!.id);
    expect(final.match_id).toBeNull();
    // Once the final is played, the correction is refused with a clear message and nothing changes.
    event = await play(event, event.stages[0]!.rounds[1]!.matches[0]!);
    const refused = await caller()
      .admin.matches.update({ id: scheduled.match!.id, score_team1: 13, score_team2: 4, winner_id: semi1!.team1!.id })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('CONFLICT');
    expect((refused as TRPCError).message).toContain('a later bracket match it feeds has been played');
    const stored = await setup.database.db.selectFrom('matches').select('winner_id').where('id', '=', scheduled.match!.id).executeTakeFirstOrThrow();
    expect(stored.winner_id).toBe(semi1!.team2!.id);
  });

  it('advances when Update Matches brings an imported match to completion', async () => {
    const championship = 'event-cup';
    const at = secondsFromNow(-1);
    const game = (status: 'SCHEDULED' | 'FINISHED', score?: [number, number]) =>
      faceitMatch({ championshipId: championship, championshipName: 'Event Cup', matchId: 'ev-1', team1: 'Import North', team2: 'Import South', status, scheduledAt: at, score });
    setup.faceit.setChampionship(championship, [game('SCHEDULED')]);
    const preview = await caller().admin.imports.preview({ platform: 'faceit', competition_id: championship });
    const season = await setup.database.db.insertInto('seasons').values({ name: 'Event season', start_date: '2020-01-01', end_date: '2099-12-31' }).returning('id').executeTakeFirstOrThrow();
    await caller().admin.imports.commit({ platform: 'faceit', competition_name: 'Event Cup', season_id: season.id, data: preview, participant_matches: {} });
    const imported = await setup.database.db.selectFrom('matches').selectAll().where('external_id', '=', 'ev-1').executeTakeFirstOrThrow();

    let event = await caller().admin.events.create({ ...base, name: 'Import Final', format: 'single_elimination', team_ids: [imported.team1_id, imported.team2_id] });
    const final = slots(event)[0]!;
    event = await caller().admin.events.linkMatch({ id: event.id, slot: final.id, match_id: imported.id });
    expect(event.winner).toBeNull();

    setup.faceit.setMatch(game('FINISHED', [2, 1]));
    await caller().admin.imports.updateMatches({ match_ids: [imported.id] });
    event = await caller().public.event({ id: event.id });
    expect(event.winner?.id).toBe(imported.team1_id);
    expect(slots(event)[0]).toMatchObject({ status: 'completed', score_team1: expect.any(Number), match_id: imported.id });
  });
});

describe('merging teams', () => {
  it("moves the secondary's place in an event to the primary, and refuses two teams of one event", async () => {
    const primary = await setup.database.db.insertInto('teams').values({ name: 'Merge Primary', elo: 900 }).returning('id').executeTakeFirstOrThrow();
    const secondary = await setup.database.db.insertInto('teams').values({ name: 'Merge Secondary', elo: 900 }).returning('id').executeTakeFirstOrThrow();
    const event = await caller().admin.events.create({ ...base, name: 'Merge Cup', format: 'single_elimination', team_ids: [secondary.id, teams[15]!.id] });
    const both = await caller().admin.events.create({ ...base, name: 'Both Cup', format: 'single_elimination', team_ids: [secondary.id, primary.id] });
    await expect(caller().admin.merge.commit({ primary_team_id: primary.id, secondary_team_id: secondary.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining("'Both Cup'"),
    });
    await caller().admin.events.delete({ id: both.id });
    await caller().admin.merge.commit({ primary_team_id: primary.id, secondary_team_id: secondary.id });
    const after = await caller().public.event({ id: event.id });
    expect(after.teams.map((t) => t.name)).toContain('Merge Primary');
    expect([slots(after)[0]!.team1?.id, slots(after)[0]!.team2?.id]).toContain(primary.id);
  });
});

describe('seeding and staff rules', () => {
  it('draws the same random seeding from the same seed, shows the seed, and keeps the order given by hand', async () => {
    const a = await caller().admin.events.create({ ...base, name: 'Draw A', format: 'single_elimination', team_ids: ids(8), seeding: { method: 'random', seed: 'lucky' } });
    const b = await caller().admin.events.create({ ...base, name: 'Draw B', format: 'single_elimination', team_ids: ids(8), seeding: { method: 'random', seed: 'lucky' } });
    expect(a.seeding).toEqual({ method: 'random', seed: 'lucky' });
    expect(a.teams.map((t) => t.id)).toEqual(b.teams.map((t) => t.id));
    const drawn = await caller().admin.events.seed({ id: a.id, method: 'random' });
    expect(drawn.seeding.seed).toMatch(/^[0-9a-f]{12}$/);
    const byHand = await caller().admin.events.seed({ id: a.id, method: 'manual', team_ids: [...ids(8)].reverse() });
    expect(byHand.teams.map((t) => t.name)).toEqual(teams.slice(0, 8).map((t) => t.name).reverse());
  });

  it('refuses to seed again once something is played, and deletes an event leaving its matches', async () => {
    let event = await caller().admin.events.create({ ...base, name: 'Gone Cup', format: 'single_elimination', team_ids: ids(2) });
    event = await play(event, slots(event)[0]!);
    await expect(caller().admin.events.seed({ id: event.id, method: 'elo' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const matchId = slots(event)[0]!.match_id!;
    await caller().admin.events.delete({ id: event.id });
    expect(await caller().public.matchEvent({ id: matchId })).toBeNull();
    await expect(caller().public.event({ id: event.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await setup.database.db.selectFrom('matches').select('id').where('id', '=', matchId).executeTakeFirst()).toBeDefined();
  });
});
