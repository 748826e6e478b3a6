import { DEFAULT_ELO, replayElo, semesterName, starRating, teamEloFromRoster } from '@campus-elo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eloLedgerBreaks, selectMatchesWithElo, type TestDatabase } from '../testing';
import { sql } from 'kysely';
import { isDatabaseEmpty, seedDemo, type DemoSummary } from './demo';
import { matchDetailsBreaks } from './match-details-checks';

const TODAY = new Date('2026-11-22T15:30:00Z');
const NOW = TODAY.getTime();
const DAY = 86_400_000;

describe('seedDemo', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let summary: DemoSummary;
  let wasEmpty: boolean;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    wasEmpty = await isDatabaseEmpty(first.db);
    summary = await seedDemo(first.db, { today: TODAY });
    await seedDemo(second.db, { today: TODAY });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  const load = async (database: TestDatabase) => {
    const db = database.db;
    return {
      seasons: await db.selectFrom('seasons').selectAll().orderBy('start_date').execute(),
      competitions: await db.selectFrom('competitions').selectAll().orderBy('id').execute(),
      teams: await db.selectFrom('teams').selectAll().orderBy('id').execute(),
      players: await db.selectFrom('players').selectAll().orderBy('id').execute(),
      matches: await selectMatchesWithElo(db).selectAll().orderBy('id').execute(),
      participants: await db.selectFrom('participants').selectAll().orderBy('id').execute(),
      rankings: await db.selectFrom('rankings').selectAll().orderBy('date').execute(),
      rankingItems: await db.selectFrom('ranking_items').selectAll().orderBy('ranking_id').orderBy('rank').execute(),
      matchMaps: await db.selectFrom('match_maps').selectAll().orderBy('match_id').orderBy('number').execute(),
      matchVetoes: await db.selectFrom('match_vetoes').selectAll().orderBy('match_id').orderBy('step').execute(),
      matchMapPlayers: await db.selectFrom('match_map_players').selectAll().orderBy('id').execute(),
      matchStatsTotals: await matchStatsTotals(db),
    };
  };

  /** The four total tables the match statistics triggers keep (migration 0096), in a stable order. */
  const matchStatsTotals = async (db: TestDatabase['db']) => ({
    season: await db.selectFrom('player_season_stats').selectAll().orderBy(['season_id', 'team_id', 'player_id']).execute(),
    seasonMap: await db.selectFrom('player_season_map_stats').selectAll().orderBy(['season_id', 'team_id', 'player_id', 'map']).execute(),
    career: await db.selectFrom('player_career_stats').selectAll().orderBy('player_id').execute(),
    teamMap: await db.selectFrom('team_season_map_stats').selectAll().orderBy(['season_id', 'team_id', 'map']).execute(),
  });

  it('fills an empty database, which then no longer counts as empty', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
  });

  it('makes a league of the promised size', async () => {
    expect(summary.seasons).toBe(4);
    expect(summary.competitions).toBe(8);
    expect(summary.teams).toBe(60);
    expect(summary.players).toBeGreaterThanOrEqual(320);
    expect(summary.players).toBeLessThanOrEqual(380);
    expect(summary.matches).toBeGreaterThanOrEqual(540);
    expect(summary.matches).toBeLessThanOrEqual(660);
    expect(summary.rankings).toBeGreaterThanOrEqual(26);
    const { teams, players, matches, rankings } = await load(first);
    expect([teams.length, players.length, matches.length, rankings.length]).toEqual([
      summary.teams,
      summary.players,
      summary.matches,
      summary.rankings,
    ]);
  });

  it('gives the same rows, ids included, for the same today', async () => {
    const [a, b] = await Promise.all([load(first), load(second)]);
    expect(b).toEqual(a);
  });

  it('names the seasons after the current semester and the three before it', async () => {
    const { seasons, competitions } = await load(first);
    expect(seasons.map((s) => s.name)).toEqual(['Spring 2025', 'Fall 2025', 'Spring 2026', semesterName(TODAY)]);
    for (const season of seasons) {
      const names = competitions.filter((c) => c.season_id === season.id).map((c) => `${c.name}/${c.platform}`);
      expect(names.sort()).toEqual(['NECC/faceit', 'Playfly/leaguespot']);
    }
  });

  it('has past, live and upcoming matches relative to today', async () => {
    const { seasons, matches } = await load(first);
    const current = seasons[3]?.id;
    const time = (m: { date: Date | null }) => (m.date as Date).getTime();
    const endOfToday = Date.UTC(2026, 10, 23);
    const scheduled = matches.filter((m) => m.status === 'scheduled').map(time);
    expect(matches.filter((m) => m.status === 'in_progress').length).toBeGreaterThanOrEqual(3);
    expect(scheduled.filter((t) => t > NOW && t < endOfToday).length).toBeGreaterThanOrEqual(2);
    expect(scheduled.filter((t) => t >= endOfToday && t <= NOW + 7 * DAY).length).toBeGreaterThanOrEqual(4);
    expect(scheduled.filter((t) => t > NOW + 7 * DAY && t <= NOW + 30 * DAY).length).toBeGreaterThanOrEqual(4);
    expect(matches.filter((m) => m.status === 'completed' && m.season_id === current && time(m) < NOW).length).toBeGreaterThan(50);
    for (const match of matches.filter((m) => m.season_id !== current)) expect(match.status).toBe('completed');
    expect(matches.filter((m) => m.match_type === 'event').length).toBeGreaterThan(0);
  });

  it('records every result consistently with its competition and platform', async () => {
    const { competitions, matches } = await load(first);
    const competitionOf = new Map(competitions.map((c) => [c.id, c]));
    expect(new Set(matches.map((m) => `${m.platform}:${m.external_id}`)).size).toBe(matches.length);
    for (const match of matches) {
      const competition = competitionOf.get(match.competition_id as string);
      expect(competition?.platform).toBe(match.platform);
      expect(competition?.season_id).toBe(match.season_id);
      expect(match.team1_id).not.toBe(match.team2_id);
      if (match.platform === 'faceit') {
        expect(match.external_id).toMatch(/^1-[0-9a-f-]{36}$/);
        expect(match.url).toBe(`https://www.faceit.com/{lang}/cs2/room/${match.external_id}`);
      } else {
        expect(match.url).toBe(`https://playfly.leaguespot.gg/matches/${match.external_id}`);
      }
      if (match.status === 'completed') {
        expect([match.team1_id, match.team2_id]).toContain(match.winner_id);
        const winnerScore = match.winner_id === match.team1_id ? match.score_team1 : match.score_team2;
        const loserScore = match.winner_id === match.team1_id ? match.score_team2 : match.score_team1;
        expect(winnerScore).toBe(match.platform === 'faceit' ? 2 : 13);
        expect(loserScore).toBeLessThan(winnerScore as number);
        expect(match.elo_applied).toBe(true);
      } else {
        expect(match.winner_id).toBeNull();
        expect(match.elo_applied).toBe(false);
        expect(match.team1_elo_change).toBeNull();
      }
    }
  });

  it('stores the Elo that replaying the results from the rosters gives', async () => {
    const { teams, players, matches } = await load(first);
    const start = (teamId: string) => teamEloFromRoster(players.filter((p) => p.team_id === teamId)) ?? DEFAULT_ELO;
    const replay = replayElo(
      teams.map((t) => ({ id: t.id, name: t.name, elo: start(t.id) })),
      matches.map((m) => ({ id: m.id, date: m.date as Date, status: m.status, team1Id: m.team1_id, team2Id: m.team2_id, winnerId: m.winner_id })),
    );
    expect(replay.skipped).toEqual([]);
    for (const team of teams) expect(team.elo).toBe(replay.elo.get(team.id));
    const matchById = new Map(matches.map((m) => [m.id, m]));
    for (const change of replay.applied) {
      const match = matchById.get(change.matchId);
      expect(match?.team1_elo_change).toBe(change.team1After - change.team1Before);
      expect(match?.team2_elo_change).toBe(change.team2After - change.team2Before);
    }
    const elos = teams.map((t) => t.elo);
    expect(Math.min(...elos)).toBeGreaterThan(300);
    expect(Math.max(...elos)).toBeLessThan(2700);
    expect(elos.filter((elo) => elo >= 2000).length).toBeGreaterThanOrEqual(3);
    const eloOf = new Map(teams.map((t) => [t.id, t.elo]));
    const upcoming = matches.filter((m) => m.status === 'scheduled' && (m.date as Date).getTime() < NOW + 7 * DAY);
    expect(upcoming.some((m) => starRating(eloOf.get(m.team1_id), eloOf.get(m.team2_id)) >= 4)).toBe(true);
  });

  it('writes the Elo ledger: each team starts at its roster Elo, and every result chains to today', async () => {
    const { teams, players, matches } = await load(first);
    for (const team of teams) expect(team.starting_elo).toBe(teamEloFromRoster(players.filter((p) => p.team_id === team.id)) ?? DEFAULT_ELO);
    expect(await eloLedgerBreaks(first.db)).toEqual([]);
    // Long enough histories for the team page's chart.
    const results = new Map<string, number>();
    for (const m of matches.filter((m) => m.elo_applied)) for (const id of [m.team1_id, m.team2_id]) results.set(id, (results.get(id) ?? 0) + 1);
    expect([...results.values()].filter((n) => n >= 25).length).toBeGreaterThanOrEqual(5);
  });

  it('records player Elo history ending at each player\'s Elo', async () => {
    const history = await first.db.selectFrom('player_elo_history').select(['player_id', 'elo', 'at', 'source']).orderBy('player_id').orderBy('at').execute();
    const { players } = await load(first);
    expect(summary.playerEloHistory).toBe(history.length);
    expect(new Set(history.map((h) => h.source))).toEqual(new Set(['seed']));
    const last = new Map(history.map((h) => [h.player_id, h.elo]));
    for (const player of players) if (last.has(player.id)) expect(last.get(player.id)).toBe(player.elo);
  });

  it('snapshots each Monday with every team ranked by its Elo at that date', async () => {
    const { seasons, teams, players, matches, rankings, rankingItems } = await load(first);
    expect(new Set(rankings.map((r) => r.season_id))).toEqual(new Set([seasons[2]?.id, seasons[3]?.id]));
    const lastMonday = Date.UTC(2026, 10, 16);
    expect(Math.max(...rankings.map((r) => r.date.getTime()))).toBe(lastMonday);
    const start = (teamId: string) => teamEloFromRoster(players.filter((p) => p.team_id === teamId)) ?? DEFAULT_ELO;
    const nameOf = new Map(teams.map((t) => [t.id, t.name]));
    for (const ranking of rankings) {
      expect(ranking.date.getUTCDay()).toBe(1);
      const items = rankingItems.filter((i) => i.ranking_id === ranking.id);
      const before = matches.filter((m) => (m.date as Date).getTime() < ranking.date.getTime());
      const { elo } = replayElo(
        teams.map((t) => ({ id: t.id, name: t.name, elo: start(t.id) })),
        before.map((m) => ({ id: m.id, date: m.date as Date, status: m.status, team1Id: m.team1_id, team2Id: m.team2_id, winnerId: m.winner_id })),
      );
      expect(items.length).toBeGreaterThan(40);
      items.forEach((item, index) => {
        expect(item.rank).toBe(index + 1);
        expect(item.elo).toBe(elo.get(item.team_id));
        expect(item.elo).toBeGreaterThan(0);
        const previous = items[index - 1];
        if (previous) {
          const inOrder =
            previous.elo > item.elo ||
            (previous.elo === item.elo && (nameOf.get(previous.team_id) as string) < (nameOf.get(item.team_id) as string));
          expect(inOrder).toBe(true);
        }
      });
    }
  });

  it('gives every team a generated logo and every player a generated avatar, each stored as media', async () => {
    const { teams, players } = await load(first);
    expect(teams.filter((t) => t.picture !== `/media/teams/${t.id}/logo.svg`)).toEqual([]);
    expect(players.filter((p) => p.picture !== `/media/players/${p.id}/avatar.svg`)).toEqual([]);
    const media = await first.db.selectFrom('media').selectAll().execute();
    expect(media.map((m) => m.key).sort()).toEqual([...teams.map((t) => `teams/${t.id}/logo.svg`), ...players.map((p) => `players/${p.id}/avatar.svg`)].sort());
    for (const file of media) {
      expect(file.content_type).toBe('image/svg+xml');
      expect(file.size).toBe(file.bytes.length);
      expect(Buffer.from(file.bytes).toString('utf8')).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    }
  });

  it('gives players plausible profiles, captains and seasons', async () => {
    const { teams, players, seasons } = await load(first);
    const share = (count: number) => count / players.length;
    expect(share(players.filter((p) => p.benched).length)).toBeGreaterThan(0.03);
    expect(share(players.filter((p) => p.benched).length)).toBeLessThan(0.14);
    expect(share(players.filter((p) => !p.visible).length)).toBeGreaterThan(0.01);
    expect(share(players.filter((p) => !p.visible).length)).toBeLessThan(0.1);
    expect(players.filter((p) => p.team_id === null).length).toBeGreaterThan(0);
    for (const player of players) {
      expect(player.elo).toBeGreaterThanOrEqual(500);
      expect(player.elo).toBeLessThanOrEqual(3000);
      expect(player.skill_level).toBeGreaterThanOrEqual(1);
      expect(player.skill_level).toBeLessThanOrEqual(10);
      if (player.steam_id !== null) expect(player.steam_id).toMatch(/^7656119\d{10}$/);
    }
    const byElo = players.slice().sort((a, b) => a.elo - b.elo);
    for (let i = 1; i < byElo.length; i++) expect((byElo[i]?.skill_level ?? 0) >= (byElo[i - 1]?.skill_level ?? 0)).toBe(true);
    for (const team of teams) {
      const captain = players.find((p) => p.id === team.captain_id);
      expect(captain?.team_id).toBe(team.id);
      const size = players.filter((p) => p.team_id === team.id).length;
      expect(size).toBeGreaterThanOrEqual(5);
      expect(size).toBeLessThanOrEqual(7);
    }
    const rows = await first.db.selectFrom('player_seasons').selectAll().execute();
    const current = seasons[3]?.id;
    expect(rows.filter((r) => r.season_id === current).length).toBeGreaterThan(250);
  });

  it('enters each team under its own name in the competitions of the seasons it played', async () => {
    const { teams, participants, matches } = await load(first);
    const nameOf = new Map(teams.map((t) => [t.id, t.name]));
    for (const participant of participants) expect(participant.platform_name).toBe(nameOf.get(participant.team_id));
    const entered = new Set(participants.map((p) => `${p.competition_id}:${p.team_id}`));
    for (const match of matches) {
      expect(entered.has(`${match.competition_id}:${match.team1_id}`)).toBe(true);
      expect(entered.has(`${match.competition_id}:${match.team2_id}`)).toBe(true);
    }
  });

  it('gives every played match its maps, veto and ten lines a map, agreeing with its score', async () => {
    const { players, matches, matchMaps, matchVetoes, matchMapPlayers } = await load(first);
    expect([matchMaps.length, matchVetoes.length, matchMapPlayers.length]).toEqual([summary.matchMaps, summary.matchVetoes, summary.matchMapPlayers]);
    const byMatch = <Row extends { match_id: string }>(rows: Row[], id: string) => rows.filter((row) => row.match_id === id);
    const breaks = matches.flatMap((match) =>
      matchDetailsBreaks(match, byMatch(matchMaps, match.id), byMatch(matchVetoes, match.id), byMatch(matchMapPlayers, match.id)),
    );
    expect(breaks).toEqual([]);
    const played = matches.filter((m) => m.status === 'completed');
    expect(new Set(matchMaps.map((m) => m.match_id)).size).toBe(played.length);
    expect(new Set(matchMaps.map((m) => m.map))).toEqual(new Set(matchVetoes.map((v) => v.map)));
    // Linked lines name a player of the side's team; the few others are stand-ins known by nickname.
    const teamOf = new Map(players.map((p) => [p.id, p.team_id]));
    for (const line of matchMapPlayers) if (line.player_id !== null) expect(teamOf.get(line.player_id)).toBe(line.team_id);
    expect(matchMapPlayers.filter((l) => l.player_id === null).length).toBeGreaterThan(0);
    expect(matchMapPlayers.filter((l) => l.player_id === null).length).toBeLessThan(matchMapPlayers.length * 0.03);
  });

  it('keeps the season, career and team map totals that the lines, maps and vetoes add up to', async () => {
    const kept = await matchStatsTotals(first.db);
    expect(kept.career.length).toBeGreaterThan(250);
    expect(kept.teamMap.length).toBeGreaterThan(100);
    const { rows } = await sql<{ kills: string }>`SELECT sum(kills) AS kills FROM match_map_players WHERE player_id IS NOT NULL`.execute(first.db);
    expect(kept.career.reduce((total, row) => total + Number(row.kills), 0)).toBe(Number(rows[0]?.kills));
    await sql`SELECT match_stats_rebuild()`.execute(first.db);
    expect(await matchStatsTotals(first.db)).toEqual(kept);
  });

  it('writes everything in one transaction: a second seed fails and changes nothing', async () => {
    await expect(seedDemo(first.db, { today: TODAY })).rejects.toThrow();
    const { teams, matches } = await load(first);
    expect([teams.length, matches.length]).toEqual([summary.teams, summary.matches]);
  });
});
