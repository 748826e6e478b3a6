import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eloLedgerBreaks, selectMatchesWithElo, type TestDatabase } from '../testing';
import { DEMO_SIZE } from './demo';
import { scaleSize, seedScale } from './scale';
import type { SeedSummary } from './write';

const FACTOR = 2;

describe('seedScale', () => {
  let database: TestDatabase;
  let summary: SeedSummary;
  const lines: string[] = [];
  let catalogBefore: string[];

  // Every index and constraint, as PostgreSQL would recreate it.
  const catalog = async () => {
    const { rows } = await sql<{ line: string }>`
      SELECT pg_get_indexdef(indexrelid) AS line FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
      UNION ALL
      SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace
      ORDER BY 1
    `.execute(database.db);
    return rows.map((r) => r.line);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogBefore = await catalog();
    summary = await seedScale(database.db, { factor: FACTOR, today: new Date('2026-11-22T15:30:00Z'), log: (line) => lines.push(line) });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  it('makes the demo league factor times larger, with more matches per team', async () => {
    expect(summary.teams).toBe(60 * FACTOR);
    expect(summary.players).toBeGreaterThanOrEqual(300 * FACTOR);
    // Factor 100 must reach 300,000 matches and 50 snapshots.
    expect(summary.matches).toBeGreaterThanOrEqual(3000 * FACTOR);
    expect(summary.rankings).toBeGreaterThanOrEqual(50);
    const count = async (table: 'teams' | 'players' | 'matches' | 'ranking_items') =>
      (await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(await count('teams')).toBe(summary.teams);
    expect(await count('players')).toBe(summary.players);
    expect(await count('matches')).toBe(summary.matches);
    expect(await count('ranking_items')).toBe(summary.rankingItems);
  });

  it('fills maps, vetoes and ten lines a map for every played match, with the columns the fill triggers would copy', async () => {
    const count = async (table: 'match_maps' | 'match_vetoes' | 'match_map_players') =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('match_maps')).toBe(summary.matchMaps);
    expect(await count('match_vetoes')).toBe(summary.matchVetoes);
    expect(await count('match_map_players')).toBe(summary.matchMapPlayers);
    expect(summary.matchMapPlayers).toBe(10 * summary.matchMaps);
    const { rows } = await sql<{ rule: string; n: string }>`
      SELECT 'played match without maps' AS rule, count(*) AS n FROM matches m
        WHERE m.status = 'completed' AND NOT EXISTS (SELECT 1 FROM match_maps mm WHERE mm.match_id = m.id)
      UNION ALL SELECT 'map not copying its match', count(*) FROM match_maps mm JOIN matches m ON m.id = mm.match_id
        WHERE mm.season_id IS DISTINCT FROM m.season_id OR mm.team1_id <> m.team1_id OR mm.team2_id <> m.team2_id
      UNION ALL SELECT 'veto not copying its match', count(*) FROM match_vetoes v JOIN matches m ON m.id = v.match_id
        WHERE v.season_id IS DISTINCT FROM m.season_id OR v.team_id IS DISTINCT FROM (CASE v.side WHEN 1 THEN m.team1_id WHEN 2 THEN m.team2_id END)
      UNION ALL SELECT 'line not copying its map', count(*) FROM match_map_players l JOIN match_maps mm ON mm.match_id = l.match_id AND mm.number = l.map_number
        WHERE l.map <> mm.map OR l.season_id IS DISTINCT FROM mm.season_id OR l.team_id <> (CASE l.side WHEN 1 THEN mm.team1_id ELSE mm.team2_id END)
      UNION ALL SELECT 'trigger left off', count(*) FROM pg_trigger
        WHERE tgrelid IN ('match_maps'::regclass, 'match_vetoes'::regclass, 'match_map_players'::regclass) AND NOT tgisinternal AND tgenabled <> 'O'
    `.execute(database.db);
    expect(rows.map((r) => [r.rule, Number(r.n)])).toEqual(rows.map((r) => [r.rule, 0]));
  });

  it('computes the season, career and team map totals the lines give, as match_stats_rebuild does', async () => {
    const totals = async () => {
      const { rows } = await sql<{ t: string }>`
        SELECT (SELECT json_agg(s ORDER BY season_id, team_id, player_id) FROM player_season_stats s)::text
          || (SELECT json_agg(s ORDER BY season_id, team_id, player_id, map) FROM player_season_map_stats s)::text
          || (SELECT json_agg(s ORDER BY player_id) FROM player_career_stats s)::text
          || (SELECT json_agg(s ORDER BY season_id, team_id, map) FROM team_season_map_stats s)::text AS t
      `.execute(database.db);
      return rows[0]?.t;
    };
    const seeded = await totals();
    expect(seeded).toBeTruthy();
    await sql`SELECT match_stats_rebuild()`.execute(database.db);
    expect(await totals()).toBe(seeded);
    const kills = await sql<{ lines: string; career: string }>`
      SELECT (SELECT sum(kills) FROM match_map_players WHERE player_id IS NOT NULL) AS lines, (SELECT sum(kills) FROM player_career_stats) AS career
    `.execute(database.db);
    expect(Number(kills.rows[0]?.career)).toBeGreaterThan(0);
    expect(kills.rows[0]?.career).toBe(kills.rows[0]?.lines);
  });

  it('leaves every index and foreign key as the migrations made them', async () => {
    expect(catalogBefore.filter((line) => line.includes('FOREIGN KEY')).length).toBeGreaterThan(5);
    expect(await catalog()).toEqual(catalogBefore);
  });

  it('shares a few logos instead of storing one per team', async () => {
    const media = await database.db.selectFrom('media').select('key').execute();
    expect(media.length).toBeLessThan(summary.teams);
    const pictures = await database.db.selectFrom('teams').select('picture').distinct().execute();
    expect(pictures.length).toBeLessThan(25);
  });

  it('has live and upcoming matches like the demo, and played ones with their Elo applied', async () => {
    const statuses = await selectMatchesWithElo(database.db)
      .select(['status', 'elo_applied', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['status', 'elo_applied'])
      .execute();
    const n = (status: string, applied: boolean) => statuses.find((s) => s.status === status && s.elo_applied === applied)?.n ?? 0;
    expect(n('in_progress', false)).toBeGreaterThanOrEqual(3);
    expect(n('scheduled', false)).toBeGreaterThan(0);
    expect(n('completed', true)).toBeGreaterThan(summary.matches / 2);
    expect(n('completed', false)).toBe(0);
  });

  it('writes the Elo ledger and player Elo history', async () => {
    expect(await eloLedgerBreaks(database.db)).toEqual([]);
    const history = await database.db.selectFrom('player_elo_history').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(history.n).toBe(summary.playerEloHistory);
    expect(history.n).toBeGreaterThan(summary.players);
  });

  it('reports its progress', () => {
    expect(lines[0]).toMatch(/^Building a league of 120 teams/);
    expect(lines.some((line) => /matches: [\d,]+ rows in/.test(line))).toBe(true);
    expect(lines.some((line) => /match details: [\d,]+ maps, [\d,]+ veto steps, [\d,]+ player lines in/.test(line))).toBe(true);
    expect(lines.some((line) => /match statistics totals computed in/.test(line))).toBe(true);
  });

  it('refuses a factor that is not a positive whole number', () => {
    expect(() => scaleSize(0)).toThrow(RangeError);
    expect(() => scaleSize(1.5)).toThrow(RangeError);
    expect(scaleSize(1).teams).toBe(DEMO_SIZE.teams);
  });
});

describe('seedScale in parts', () => {
  let database: TestDatabase;
  let summary: SeedSummary;
  let whole: SeedSummary;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Factor 2 in parts of 1: what factor 1,000 does in parts of 100.
    summary = await seedScale(database.db, { factor: 2, partFactor: 1, today: new Date('2026-11-22T15:30:00Z'), log: (line) => lines.push(line) });
    const single = await createTestDatabase();
    try {
      whole = await seedScale(single.db, { factor: 1, today: new Date('2026-11-22T15:30:00Z') });
    } finally {
      await single.close();
    }
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  it('writes one league of every part, sharing seasons, competitions, logos and snapshots', async () => {
    expect(lines.filter((line) => /^Built part \d/.test(line))).toHaveLength(2);
    expect(summary.teams).toBe(2 * whole.teams);
    expect(summary.matches).toBeGreaterThan(1.8 * whole.matches);
    for (const shared of ['seasons', 'competitions', 'media', 'rankings'] as const) expect(summary[shared]).toBe(whole[shared]);
    expect(summary.matchMapPlayers).toBeGreaterThan(1.8 * whole.matchMapPlayers);
    // Each part's lines name its own players: no team plays outside its part.
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM match_map_players l JOIN players p ON p.id = l.player_id WHERE p.team_id <> l.team_id
    `.execute(database.db);
    expect(Number(rows[0]?.n)).toBe(0);
    const teams = await database.db.selectFrom('teams').select(['name']).execute();
    expect(new Set(teams.map((t) => t.name)).size).toBe(summary.teams);
    expect(await eloLedgerBreaks(database.db)).toEqual([]);
  });

  it('ranks every snapshot across the parts: 1 to n by Elo, highest first', async () => {
    const { rows } = await sql<{ ranking_id: string; ranks: number[]; elos: number[] }>`
      SELECT ranking_id, array_agg(rank ORDER BY rank) AS ranks, array_agg(elo ORDER BY rank) AS elos FROM ranking_items GROUP BY ranking_id
    `.execute(database.db);
    expect(rows).toHaveLength(summary.rankings);
    for (const { ranks, elos } of rows) {
      expect(ranks).toEqual(ranks.map((_, i) => i + 1));
      expect(elos).toEqual([...elos].sort((a, b) => b - a));
    }
    expect(rows.reduce((n, row) => n + row.ranks.length, 0)).toBe(summary.rankingItems);
  });
});
