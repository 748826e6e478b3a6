import type { ImportMatchesInput } from '@campus-elo/api-contract';
import { selectMatchesWithElo } from '@campus-elo/db';
import { participantMatchKey } from '@campus-elo/domain';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceitChampionship, faceitMatch, faceitRoster } from '../../../test-support/fakes';
import { secondsFromNow, setUpImports, type ImportsTestSetup } from './testing';

let setup: ImportsTestSetup;
let seasonId: string;

beforeAll(async () => {
  setup = await setUpImports();
  const season = await setup.database.db
    .insertInto('seasons')
    .values({ name: 'Fall Test', start_date: '2025-07-01', end_date: '2025-12-31' })
    .returning('id')
    .executeTakeFirstOrThrow();
  seasonId = season.id;
});
afterAll(() => setup.close());

async function counts() {
  const db = setup.database.db;
  const count = async (table: 'matches' | 'teams' | 'participants' | 'players' | 'player_seasons' | 'competitions') =>
    Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    matches: await count('matches'),
    teams: await count('teams'),
    participants: await count('participants'),
    players: await count('players'),
    playerSeasons: await count('player_seasons'),
    competitions: await count('competitions'),
  };
}

async function teamElo() {
  const rows = await setup.database.db.selectFrom('teams').select(['id', 'elo']).orderBy('id').execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.elo]));
}

function importOf(items: unknown[], overrides: Partial<ImportMatchesInput> = {}): ImportMatchesInput {
  return {
    platform: 'faceit',
    competition_name: 'NECC Fall',
    season_id: seasonId,
    type: 'league',
    data: { items: items as ImportMatchesInput['data']['items'] },
    participant_matches: {},
    ...overrides,
  };
}

describe('importing a Faceit championship', () => {
  it('creates the competition, teams, participants, players and matches in one go', async () => {
    setup.faceit.setChampionship('necc-fall', faceitChampionship({ championshipId: 'necc-fall', count: 30, teams: 6, startAt: secondsFromNow(-40), name: 'NECC Fall' }));
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'necc-fall' });
    const answer = await setup.caller.admin.imports.commit(importOf(preview.items, { type: 'event' }));

    expect(answer).toMatchObject({ matches_imported: 30, matches_updated: 0, matches_skipped: 0 });
    expect(await counts()).toEqual({ matches: 30, teams: 6, participants: 6, players: 30, playerSeasons: 30, competitions: 1 });

    const competition = await setup.database.db.selectFrom('competitions').selectAll().executeTakeFirstOrThrow();
    expect(competition).toMatchObject({ platform: 'faceit', external_id: 'necc-fall', type: 'event', season_id: seasonId, name: 'NECC Fall' });
    const types = await setup.database.db.selectFrom('matches').select('match_type').distinct().execute();
    expect(types).toEqual([{ match_type: 'event' }]);

    const completed = await selectMatchesWithElo(setup.database.db).selectAll().where('status', '=', 'completed').execute();
    expect(completed).toHaveLength(15);
    expect(completed.every((m) => m.elo_applied && m.winner_id !== null && m.team1_elo_change !== null)).toBe(true);
    expect(completed.every((m) => m.url?.startsWith('https://www.faceit.com/{lang}/cs2/room/'))).toBe(true);
    const pending = await selectMatchesWithElo(setup.database.db).selectAll().where('status', '!=', 'completed').execute();
    expect(pending.every((m) => !m.elo_applied && m.winner_id === null && m.score_team1 === null)).toBe(true);

    const audit = await setup.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'import').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: setup.owner.id, entity: 'matches' });
  });

  it('knows which team each platform team id was matched to, for the participant matcher', async () => {
    const participant = await setup.database.db
      .selectFrom('participants')
      .innerJoin('teams', 'teams.id', 'participants.team_id')
      .select(['participants.platform_team_id', 'teams.id', 'teams.name'])
      .where('participants.platform_team_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const known = await setup.caller.admin.imports.knownTeams({ platform: 'faceit', platform_team_ids: [participant.platform_team_id!, 'never-imported'] });
    expect(known).toEqual([{ platform_team_id: participant.platform_team_id, team_id: participant.id, team_name: participant.name }]);
    expect(await setup.caller.admin.imports.knownTeams({ platform: 'leaguespot', platform_team_ids: [participant.platform_team_id!] })).toEqual([]);
  });

  it('re-imports without duplicating anything or moving Elo again', async () => {
    const before = { counts: await counts(), elo: await teamElo() };
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'necc-fall' });
    const answer = await setup.caller.admin.imports.commit(importOf(preview.items, { type: 'event' }));
    expect(answer).toMatchObject({ matches_imported: 0, matches_updated: 30, matches_skipped: 0 });
    expect(await counts()).toEqual(before.counts);
    expect(await teamElo()).toEqual(before.elo);
  });

  it('updates a match that finished since, moving Elo exactly once', async () => {
    const db = setup.database.db;
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'necc-fall' });
    const scheduled = preview.items.find((i) => i.status === 'SCHEDULED')!;
    const { faction1, faction2 } = scheduled.teams;
    setup.faceit.setMatch(
      faceitMatch({ matchId: scheduled.match_id, championshipId: 'necc-fall', team1: faction1!.name, team2: faction2!.name, status: 'FINISHED', scheduledAt: scheduled.scheduled_at!, score: [0, 1] }),
    );
    const eloBefore = await teamElo();

    const fresh = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'necc-fall' });
    await setup.caller.admin.imports.commit(importOf(fresh.items));
    const match = await selectMatchesWithElo(db).selectAll().where('external_id', '=', scheduled.match_id).executeTakeFirstOrThrow();
    expect(match).toMatchObject({ status: 'completed', winner_id: match.team2_id, score_team1: 0, score_team2: 1, elo_applied: true });
    const eloAfter = await teamElo();
    expect(eloAfter[match.team1_id]! - eloBefore[match.team1_id]!).toBe(match.team1_elo_change);
    expect(eloAfter[match.team2_id]! - eloBefore[match.team2_id]!).toBe(match.team2_elo_change);
    expect(match.team2_elo_change).toBeGreaterThan(0);

    await setup.caller.admin.imports.commit(importOf(fresh.items));
    expect(await teamElo()).toEqual(eloAfter);
  });

  it('uses the staff match for a team and remembers it for the next import', async () => {
    const db = setup.database.db;
    const existing = await db.insertInto('teams').values({ name: 'Existing Hawks', elo: 1234 }).returning('id').executeTakeFirstOrThrow();
    const items = [
      faceitMatch({ matchId: '1-hawks-1', championshipId: 'cup-2', team1: 'Hawks (Faceit)', team2: 'Owls U', status: 'SCHEDULED', scheduledAt: secondsFromNow(3) }),
    ];
    const teamsBefore = (await counts()).teams;
    await setup.caller.admin.imports.commit(
      importOf(items, { competition_name: 'Cup 2', participant_matches: { [participantMatchKey('faceit', 'Hawks (Faceit)')]: existing.id } }),
    );
    expect((await counts()).teams).toBe(teamsBefore + 1);
    const match = await selectMatchesWithElo(db).selectAll().where('external_id', '=', '1-hawks-1').executeTakeFirstOrThrow();
    expect(match.team1_id).toBe(existing.id);
    const hawksPlayers = await db.selectFrom('players').select('team_id').where('steam_id', 'in', faceitRoster('Hawks (Faceit)').map((p) => p.game_player_id!)).execute();
    expect(hawksPlayers.every((p) => p.team_id === existing.id)).toBe(true);

    // The next import of this competition maps the team by itself.
    const next = [faceitMatch({ matchId: '1-hawks-2', championshipId: 'cup-2', team1: 'Owls U', team2: 'Hawks (Faceit)', status: 'SCHEDULED', scheduledAt: secondsFromNow(4) })];
    await setup.caller.admin.imports.commit(importOf(next, { competition_name: 'Cup 2' }));
    const second = await selectMatchesWithElo(db).selectAll().where('external_id', '=', '1-hawks-2').executeTakeFirstOrThrow();
    expect(second.team2_id).toBe(existing.id);
    expect((await counts()).teams).toBe(teamsBefore + 1);
  });

  it('attaches a known player (by Steam id) instead of creating a second one', async () => {
    const db = setup.database.db;
    const roster = faceitRoster('Known Players U');
    const steamId = roster[0]!.game_player_id!;
    const known = await db.insertInto('players').values({ name: 'Already Here', steam_id: steamId }).returning('id').executeTakeFirstOrThrow();
    const items = [faceitMatch({ matchId: '1-known-1', championshipId: 'cup-3', team1: 'Known Players U', team2: 'Other U', status: 'SCHEDULED', scheduledAt: secondsFromNow(2) })];
    await setup.caller.admin.imports.commit(importOf(items, { competition_name: 'Cup 3' }));

    const rows = await db.selectFrom('players').selectAll().where('steam_id', '=', steamId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: known.id, name: 'Already Here', faceit_id: roster[0]!.player_id });
    expect(rows[0]!.team_id).not.toBeNull();
    const seasonRow = await db.selectFrom('player_seasons').selectAll().where('player_id', '=', known.id).executeTakeFirstOrThrow();
    expect(seasonRow).toMatchObject({ season_id: seasonId, team_id: rows[0]!.team_id });
  });

  it('skips byes and items naming one team twice', async () => {
    const { results: _r, ...bye } = faceitMatch({ matchId: '1-bye-x', championshipId: 'cup-4', team1: 'Solo U', team2: 'bye', status: 'SCHEDULED', scheduledAt: secondsFromNow(1) });
    const same = faceitMatch({ matchId: '1-same', championshipId: 'cup-4', team1: 'Twin U', team2: 'Twin U', status: 'SCHEDULED', scheduledAt: secondsFromNow(1) });
    const real = faceitMatch({ matchId: '1-real', championshipId: 'cup-4', team1: 'Solo U', team2: 'Twin U', status: 'SCHEDULED', scheduledAt: secondsFromNow(1) });
    const answer = await setup.caller.admin.imports.commit(importOf([bye, same, real], { competition_name: 'Cup 4' }));
    expect(answer).toMatchObject({ matches_imported: 1, matches_skipped: 2 });
  });

  it('answers 404 for an unknown season or matched team, and 400 for a wrong payload', async () => {
    const items = [faceitMatch({ matchId: '1-x', championshipId: 'cup-5', team1: 'A U', team2: 'B U', status: 'SCHEDULED', scheduledAt: secondsFromNow(1) })];
    const code = (promise: Promise<unknown>) => promise.then(() => 'ok', (e: unknown) => (e instanceof TRPCError ? e.code : String(e)));
    expect(await code(setup.caller.admin.imports.commit(importOf(items, { season_id: '00000000-0000-4000-8000-000000000000' })))).toBe('NOT_FOUND');
    expect(
      await code(setup.caller.admin.imports.commit(importOf(items, { participant_matches: { 'platform:faceit:team:A U': '00000000-0000-4000-8000-000000000000' } }))),
    ).toBe('NOT_FOUND');
    expect(await code(setup.caller.admin.imports.commit(importOf(items, { season_id: 'not-a-uuid' })))).toBe('BAD_REQUEST');
    expect(await code(setup.caller.admin.imports.commit(importOf(items, { competition_name: '  ' })))).toBe('BAD_REQUEST');
    expect(await code(setup.caller.admin.imports.commit({ ...importOf(items), data: { items: [{ match_id: '' }] } as never }))).toBe('BAD_REQUEST');
  });
});

describe('importing a Leaguespot season (the real fixture)', () => {
  it('imports every real match, skips nothing it was given, and links the season', async () => {
    const db = setup.database.db;
    const leagueSeason = await db.insertInto('seasons').values({ name: 'Spring 2025', start_date: '2025-01-01', end_date: '2025-06-30' }).returning('id').executeTakeFirstOrThrow();
    const preview = await setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: setup.leaguespot.seasonId });
    const before = await counts();
    const answer = await setup.caller.admin.imports.commit({
      platform: 'leaguespot',
      competition_name: 'Playfly Spring',
      season_id: leagueSeason.id,
      data: { items: preview.items },
      participant_matches: {},
    });
    expect(answer).toMatchObject({ matches_imported: 119, matches_updated: 0, matches_skipped: 0 });

    const teamNames = new Set(preview.items.flatMap((i) => [i.teams.faction1!.name, i.teams.faction2!.name]));
    const after = await counts();
    expect(after.matches - before.matches).toBe(119);
    expect(after.teams - before.teams).toBe(teamNames.size);
    // Five players per team; the coach is left out.
    expect(after.players - before.players).toBe(teamNames.size * 5);

    const season = await db.selectFrom('seasons').selectAll().where('id', '=', leagueSeason.id).executeTakeFirstOrThrow();
    expect(season.leaguespot_season_id).toBe(setup.leaguespot.seasonId);
    const completed = await selectMatchesWithElo(db).select(['elo_applied', 'winner_id']).where('platform', '=', 'leaguespot').where('status', '=', 'completed').execute();
    expect(completed.length).toBe(preview.items.filter((i) => i.status === 'FINISHED').length);
    expect(completed.every((m) => m.elo_applied && m.winner_id)).toBe(true);

    const again = await setup.caller.admin.imports.commit({ platform: 'leaguespot', competition_name: 'Playfly Spring', season_id: leagueSeason.id, data: { items: preview.items } });
    expect(again).toMatchObject({ matches_imported: 0, matches_updated: 119 });
    expect(await counts()).toEqual(after);
  });
});
