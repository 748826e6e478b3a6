import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eloLedgerBreaks, type TestDatabase } from '../testing';
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
    const statuses = await database.db
      .selectFrom('matches')
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
