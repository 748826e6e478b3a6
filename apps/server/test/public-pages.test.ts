import { matchPage, playerPage, searchOutput, teamEloHistoryOutput, teamPage } from '@campus-elo/api-contract';
import { eloChangePreview, expectedScore, replayElo, starRating } from '@campus-elo/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recalculateAllElo } from '../src/features/elo/recalculate';
import { updatePlayer } from '../src/features/players/admin-queries';
import { updateTeam } from '../src/features/teams/admin-queries';
import { ids } from './league-fixture';
import { startPublicApp, type PublicApp } from './public-app';

// The pages of a team, a player and a match, head-to-head and the search, over real HTTP on
// the hand-made league (league-fixture.ts) with its results applied by Recalculate All.

let site: PublicApp;
const db = () => site.database.db;

/** The league's Elo as the domain replays it: each team from the Elo it was created with. */
let replayed: ReturnType<typeof replayElo>;

beforeAll(async () => {
  site = await startPublicApp({ CURRENT_SEASON_ID: ids.fall });
  await recalculateAllElo(db(), { reset_to_default: false, default_elo: 1000 }, null);
  const teams = await db().selectFrom('teams').select(['id', 'name', 'starting_elo']).execute();
  const matches = await db().selectFrom('matches').select(['id', 'date', 'status', 'team1_id', 'team2_id', 'winner_id']).execute();
  replayed = replayElo(
    teams.map((t) => ({ id: t.id, name: t.name, elo: t.starting_elo })),
    matches.map((m) => ({ id: m.id, date: m.date, status: m.status, team1Id: m.team1_id, team2Id: m.team2_id, winnerId: m.winner_id })),
  );
});
afterAll(async () => {
  await site.close();
});

async function ok(url: string) {
  const { status, body } = await site.get(url);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** A match's score from one side, as the Elo history gives it. */
async function scoresOf(matchId: string, side: 'team1' | 'team2') {
  const m = await db().selectFrom('matches').select(['score_team1', 'score_team2']).where('id', '=', matchId).executeTakeFirstOrThrow();
  return side === 'team1' ? { score: m.score_team1, opponent_score: m.score_team2 } : { score: m.score_team2, opponent_score: m.score_team1 };
}

const eloOf = (teamId: string) => replayed.elo.get(teamId) as number;
const step = (matchId: string) => replayed.applied.find((a) => a.matchId === matchId)!;

describe('400 and 404', () => {
  const unknown = ids.unknown;
  test.each([
    [`/v1/public/teams/${unknown}`, 'Team not found'],
    [`/v1/public/teams/${unknown}/elo-history`, 'Team not found'],
    [`/v1/public/teams/${unknown}/rank-history`, 'Team not found'],
    [`/v1/public/players/${unknown}`, 'Player not found'],
    [`/v1/public/players/${unknown}/elo-history`, 'Player not found'],
    [`/v1/public/players/${ids.ghost}`, 'Player not found'],
    [`/v1/public/players/${ids.ghost}/elo-history`, 'Player not found'],
    [`/v1/public/matches/${unknown}`, 'Match not found'],
    [`/v1/public/head-to-head?team1=${ids.alpha}&team2=${unknown}`, 'Team not found'],
  ])('%s answers 404 {error: %s}', async (url, error) => {
    expect(await site.get(url)).toEqual({ status: 404, body: { error } });
  });

  test.each([
    ['/v1/public/teams/abc', 'id'],
    ['/v1/public/teams/abc/elo-history', 'id'],
    [`/v1/public/teams/${ids.alpha}/elo-history?season_id=fall`, 'season_id'],
    ['/v1/public/teams/1/rank-history', 'id'],
    ['/v1/public/players/%27%3B', 'id'],
    ['/v1/public/players/x/elo-history', 'id'],
    ['/v1/public/matches/00000000-0000-0000-0000-00000000000g', 'id'],
    [`/v1/public/head-to-head?team1=${ids.alpha}`, 'team2'],
    [`/v1/public/head-to-head?team1=nope&team2=${ids.beta}`, 'team1'],
  ])('%s answers 400 about %s', async (url, param) => {
    const { status, body } = await site.get(url);
    expect(status).toBe(400);
    expect(body.error).toMatch(new RegExp(`^Invalid ${param}`));
  });

  test('head-to-head of a team with itself is refused', async () => {
    const { status, body } = await site.get(`/v1/public/head-to-head?team1=${ids.alpha}&team2=${ids.alpha}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/two different teams/);
  });

  test('search refuses a limit below 1 and a NUL character, and caps the limit at 50', async () => {
    expect((await site.get('/v1/public/search?q=alpha&limit=0')).status).toBe(400);
    expect((await site.get('/v1/public/search?q=al%00pha')).status).toBe(400);
    expect((await site.get('/v1/public/search?q=alpha&limit=500')).status).toBe(200);
  });
});

describe('GET /v1/public/teams/{id}', () => {
  test('answers the list item with rank, previous rank, record and form', async () => {
    const body = teamPage.parse(await ok(`/v1/public/teams/${ids.alpha}`));
    const list = await ok(`/v1/public/teams?sort=elo&page_size=100&season_id=${ids.fall}`);
    // The list's current_competitions and current_ranking are the earlier site's; the page has its own rank fields.
    const { current_competitions: _competitions, current_ranking: _ranking, ...item } = list.results.find((t: { id: string }) => t.id === ids.alpha);
    expect(body).toEqual({
      ...item,
      elo: eloOf(ids.alpha),
      rank: list.results.findIndex((t: { id: string }) => t.id === ids.alpha) + 1,
      // Rank 1 in the latest snapshot (week two).
      previous_rank: 1,
      // Lost to Epsilon in the spring, beat Beta in the fall.
      wins: 1,
      losses: 1,
      season_wins: 1,
      season_losses: 0,
      form: ['W', 'L'],
    });
  });

  test("ranks by Elo, ties by name, the same as the current season's rankings list; a team of another season has no rank; no snapshot line means no previous rank", async () => {
    const list = await ok(`/v1/public/teams?sort=elo&page_size=100&season_id=${ids.fall}`);
    for (const [index, team] of (list.results as { id: string }[]).entries()) {
      expect((await ok(`/v1/public/teams/${team.id}`)).rank).toBe(index + 1);
    }
    const all = await ok('/v1/public/teams?sort=elo&page_size=100');
    const outside = (all.results as { id: string }[]).filter((team) => !(list.results as { id: string }[]).some((listed) => listed.id === team.id));
    for (const team of outside) expect((await ok(`/v1/public/teams/${team.id}`)).rank).toBeNull();
    expect((await ok(`/v1/public/teams/${ids.epsilon}`)).previous_rank).toBeNull();
    expect((await ok(`/v1/public/teams/${ids.delta}`)).form).toEqual([]);
  });
});

describe('GET /v1/public/teams/{id}/elo-history', () => {
  test("lists every result that moved the team's Elo, oldest first, with the team's score first, each from the Elo the one before left", async () => {
    const body = teamEloHistoryOutput.parse(await ok(`/v1/public/teams/${ids.alpha}/elo-history`));
    expect(body.results.map((r) => r.match_id)).toEqual([ids.springOpener, ids.fallOpener]);
    const [spring, fall] = body.results;
    const s1 = step(ids.springOpener);
    expect(spring).toEqual({
      match_id: ids.springOpener,
      date: '2026-03-01T18:00:00.000Z',
      opponent: { id: ids.epsilon, name: 'Epsilon', picture: null },
      result: 'L',
      ...(await scoresOf(ids.springOpener, 'team2')),
      elo_before: s1.team2Before,
      elo_after: s1.team2After,
      change: s1.team2After - s1.team2Before,
      expected: expectedScore(s1.team2Before, s1.team1Before),
    });
    expect(fall?.elo_before).toBe(spring?.elo_after);
    expect(fall?.elo_after).toBe(eloOf(ids.alpha));
    expect(fall?.result).toBe('W');
    expect(body.adjustments).toEqual([]);
  });

  test("filters by season; a season the team did not play answers an empty list", async () => {
    const fall = await ok(`/v1/public/teams/${ids.alpha}/elo-history?season_id=${ids.fall}`);
    expect(fall.results.map((r: { match_id: string }) => r.match_id)).toEqual([ids.fallOpener]);
    expect((await ok(`/v1/public/teams/${ids.delta}/elo-history?season_id=${ids.spring}`)).results).toEqual([]);
    expect((await ok(`/v1/public/teams/${ids.alpha}/elo-history?season_id=${ids.unknown}`)).results).toEqual([]);
  });
});

describe('GET /v1/public/teams/{id}/rank-history', () => {
  test('lists the snapshots the team is in, oldest first', async () => {
    expect(await ok(`/v1/public/teams/${ids.beta}/rank-history`)).toEqual({
      results: [
        { ranking_id: ids.weekOne, date: '2026-09-07T00:00:00.000Z', rank: 2, elo: 1420 },
        { ranking_id: ids.weekTwo, date: '2026-09-14T00:00:00.000Z', rank: 3, elo: 1400 },
      ],
    });
    expect(await ok(`/v1/public/teams/${ids.epsilon}/rank-history`)).toEqual({ results: [] });
  });
});

describe('GET /v1/public/head-to-head', () => {
  test("answers both teams' wins and their results, newest first, whichever side each played", async () => {
    const body = await ok(`/v1/public/head-to-head?team1=${ids.beta}&team2=${ids.alpha}`);
    expect(body.team1_wins).toBe(0);
    expect(body.team2_wins).toBe(1);
    expect(body.matches.map((m: { id: string }) => m.id)).toEqual([ids.fallOpener]);
    const listed = (await ok(`/v1/public/matches?team_id=${ids.alpha}&status=completed`)).results.find((m: { id: string }) => m.id === ids.fallOpener);
    expect(body.matches[0]).toEqual(listed);
    expect(await ok(`/v1/public/head-to-head?team1=${ids.epsilon}&team2=${ids.delta}`)).toEqual({ team1_wins: 0, team2_wins: 0, matches: [] });
  });
});

describe('GET /v1/public/players/{id}', () => {
  test('answers the list item with the Faceit id and the seasons played, newest first', async () => {
    const body = playerPage.parse(await ok(`/v1/public/players/${ids.ace}`));
    const listed = (await ok(`/v1/public/players?team_id=${ids.alpha}`)).results.find((p: { id: string }) => p.id === ids.ace);
    expect(body).toEqual({ ...listed, faceit_id: null, seasons: [{ id: ids.fall, name: 'Fall 2026' }] });
    expect((await ok(`/v1/public/players/${ids.echo}`)).team).toBeNull();
  });
});

describe('GET /v1/public/matches/{id}', () => {
  test('a result that moved Elo: each side before and after, no preview, stars from the Elo before', async () => {
    const body = matchPage.parse(await ok(`/v1/public/matches/${ids.fallOpener}`));
    const s = step(ids.fallOpener);
    expect(body.elo).toEqual({
      team1: { before: s.team1Before, after: s.team1After, change: s.team1After - s.team1Before },
      team2: { before: s.team2Before, after: s.team2After, change: s.team2After - s.team2Before },
    });
    expect(body.preview).toBeNull();
    expect(body.stars).toBe(starRating(s.team1Before, s.team2Before));
    const listed = (await ok(`/v1/public/matches?team_id=${ids.alpha}&status=completed`)).results.find((m: { id: string }) => m.id === ids.fallOpener);
    const { stars: _stars, preview: _preview, elo: _elo, ...item } = body;
    expect(item).toEqual(listed);
  });

  test("a scheduled or live match: what each side would win or lose from today's Elo", async () => {
    for (const id of [ids.lateTonight, ids.liveToday]) {
      const body = matchPage.parse(await ok(`/v1/public/matches/${id}`));
      const [own, other] = [body.team1.elo, body.team2.elo];
      expect(body.preview).toEqual({
        team1: { ...eloChangePreview(own, other), expected: expectedScore(own, other) },
        team2: { ...eloChangePreview(other, own), expected: expectedScore(other, own) },
      });
      expect(body.elo).toBeNull();
      expect(body.stars).toBe(starRating(own, other));
    }
  });

  test('a cancelled match has neither', async () => {
    const body = await ok(`/v1/public/matches/${ids.cancelled}`);
    expect([body.preview, body.elo]).toEqual([null, null]);
  });
});

describe('GET /v1/public/search', () => {
  const search = async (q: string, limit?: number) =>
    searchOutput.parse(await ok(`/v1/public/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`));
  const teamNames = (body: { teams: { name: string }[] }) => body.teams.map((t) => t.name);
  const playerNames = (body: { players: { name: string }[] }) => body.players.map((p) => p.name);

  beforeAll(async () => {
    await db()
      .insertInto('teams')
      .values([
        { id: '00000003-0000-4000-8000-000000000101', name: 'Équipe Élan', school_name: 'Université de Montréal', elo: 1200 },
        { id: '00000003-0000-4000-8000-000000000102', name: 'Falcons Esports', school_name: null, elo: 1100 },
      ])
      .execute();
    await db().insertInto('players').values({ name: 'Zoë Ærøskøbing', elo: 1300, team_id: ids.beta }).execute();
  });

  test('answers empty lists below two characters', async () => {
    for (const q of ['', ' ', 'a', ' b ']) expect(await search(q)).toEqual({ teams: [], players: [] });
  });

  test('ignores case and accents both ways', async () => {
    expect(teamNames(await search('equipe elan'))).toEqual(['Équipe Élan']);
    expect(teamNames(await search('ÉLAN'))).toEqual(['Équipe Élan']);
    expect(teamNames(await search('montreal'))).toEqual(['Équipe Élan']);
    expect(playerNames(await search('zoe aero'))).toEqual(['Zoë Ærøskøbing']);
  });

  test('matches any part of a name from three characters, the start of a word from two', async () => {
    expect(teamNames(await search('lph'))).toEqual(['Alpha Wolves']);
    expect(teamNames(await search('wo'))).toEqual(['Alpha Wolves']);
    expect(teamNames(await search('lp'))).toEqual([]);
    expect(playerNames(await search('ob'))).toEqual([]);
    expect(playerNames(await search('obr'))).toEqual(['Cobra']);
  });

  test('finds a name of six letters or more with one letter wrong, missing or extra, after the exact matches', async () => {
    for (const typo of ['Falcans', 'Falcns', 'Falcoons', 'Esporta']) expect(teamNames(await search(typo)), typo).toContain('Falcons Esports');
    expect(teamNames(await search('Wolfes'))).toEqual(['Alpha Wolves']);
    expect(teamNames(await search('Gamma'))[0]).toBe('Gamma Rays');
  });

  test('finds a name with two neighbouring letters swapped, even in a short word ("Wovles", "Falcosn", "Gamam")', async () => {
    expect(teamNames(await search('Wovles'))).toEqual(['Alpha Wolves']);
    expect(teamNames(await search('Falcosn'))).toContain('Falcons Esports');
    expect(teamNames(await search('Gamam'))).toContain('Gamma Rays');
  });

  test('puts the whole name first, then its start, then other matches, then by Elo', async () => {
    await db().insertInto('teams').values({ name: 'Rays', elo: 500 }).execute();
    expect(teamNames(await search('rays'))).toEqual(['Rays', 'Gamma Rays']);
  });

  test('matches LIKE wildcards literally and never shows a hidden player', async () => {
    expect(teamNames(await search('_50%'))).toEqual(['Delta_50%']);
    expect(teamNames(await search('a%'))).toEqual([]);
    expect(playerNames(await search('ghost'))).toEqual([]);
    expect((await search('ace')).players).toEqual([{ id: ids.ace, name: 'Ace', picture: 'http://localhost:80/media/ace.png', team: { id: ids.alpha, name: 'Alpha Wolves' } }]);
  });

  test('answers at most `limit` of each', async () => {
    await db().insertInto('teams').values([{ name: 'Limit Low', elo: 800 }, { name: 'Limit High', elo: 1800 }]).execute();
    expect(teamNames(await search('limit'))).toEqual(['Limit High', 'Limit Low']);
    expect(teamNames(await search('limit', 1))).toEqual(['Limit High']);
  });
});

describe('adjustments and player Elo history', () => {
  test("a staff edit of a team's Elo shows in its history as an adjustment, and a player's edits in theirs", async () => {
    const user = await db().insertInto('users').values({ email: 'staff@pages.test', password_hash: 'x', role: 'admin' }).returning('id').executeTakeFirstOrThrow();
    const before = await ok(`/v1/public/teams/${ids.epsilon}`);
    await updateTeam(db(), user, ids.epsilon, { name: 'Epsilon', school_name: 'West State', elo: 1234 });
    const history = await ok(`/v1/public/teams/${ids.epsilon}/elo-history`);
    expect(history.adjustments).toEqual([{ date: expect.any(String), elo_before: before.elo, elo_after: 1234, reason: 'edit' }]);
    expect((await ok(`/v1/public/teams/${ids.epsilon}`)).elo).toBe(1234);

    await updatePlayer(db(), user, ids.cobra, { name: 'Cobra', elo: 1700, skill_level: 6, team_id: ids.beta, benched: false, visible: true });
    await updatePlayer(db(), user, ids.cobra, { name: 'Cobra', elo: 1700, skill_level: 7, team_id: ids.beta, benched: false, visible: true });
    await updatePlayer(db(), user, ids.cobra, { name: 'Cobra', elo: 1650, skill_level: 7, team_id: ids.beta, benched: false, visible: true });
    const playerHistory = await ok(`/v1/public/players/${ids.cobra}/elo-history`);
    expect(playerHistory.results.map((r: { elo: number }) => r.elo)).toEqual([1700, 1650]);
    expect(Date.parse(playerHistory.results[0].date)).toBeLessThanOrEqual(Date.parse(playerHistory.results[1].date));
  });
});
