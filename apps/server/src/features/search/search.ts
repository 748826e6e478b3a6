import { SEARCH_MIN_LENGTH, type SearchOutput, type searchInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { adjacentTranspositions } from '@campus-elo/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';

/*
 * The search box (docs/contract.md, "Search"). Names are compared folded (lower case, no
 * accents: search_fold in migration 0011, stored beside each name) through trigram indexes:
 * - from three characters on, any part of a name matches (LIKE '%q%');
 * - two characters match the start of a word only: a trigram index cannot find a two-letter
 *   piece inside a word without reading every name;
 * - from four characters on, when those matches do not fill the list, names with one letter
 *   wrong, missing or extra follow (pg_trgm's strict word similarity), or with two neighbouring
 *   letters swapped (the query's transpositions, packages/domain, each a LIKE on the same
 *   trigram index), closest first.
 * Matches rank the whole name first, then its start, a word's start, any part; then by Elo.
 */

export type SearchInput = z.output<typeof searchInput>;

const SUBSTRING_MIN_LENGTH = 3;
const TYPO_MIN_LENGTH = 4;
/** One wrong letter in a six-letter word leaves a strict word similarity of 0.4. */
const TYPO_SIMILARITY = 0.35;

/** LIKE wildcards in the query are matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface Terms {
  /** The folded query as a LIKE pattern piece (its wildcards escaped). */
  pattern: RawBuilder<string>;
  /** The folded query as it is, for the similarity. */
  folded: RawBuilder<string>;
  substring: boolean;
  typos: boolean;
  /** The query with neighbouring letters swapped, as LIKE pattern pieces. */
  transposed: RawBuilder<string>[];
  limit: number;
}

/** Whether a folded column contains the query (any part, or a word's start for two characters). */
function contains(column: RawBuilder<unknown>, t: Terms): RawBuilder<boolean> {
  return t.substring
    ? sql<boolean>`${column} LIKE '%' || ${t.pattern} || '%'`
    : sql<boolean>`(${column} LIKE ${t.pattern} || '%' OR ${column} LIKE '% ' || ${t.pattern} || '%')`;
}

/** How well a folded column matches, best first: 0 the whole of it, 1 its start, 2 a word's start, 3 elsewhere. */
function closeness(column: RawBuilder<unknown>, t: Terms): RawBuilder<number> {
  return sql<number>`CASE WHEN ${column} = ${t.folded} THEN 0 WHEN ${column} LIKE ${t.pattern} || '%' THEN 1 WHEN ${column} LIKE '% ' || ${t.pattern} || '%' THEN 2 ELSE 3 END`;
}

/**
 * The matches of one table: `hits` contain the query, `near` (only when the hits do not fill
 * the list) are one letter off. `from` is the table (as `alias`) with its condition,
 * `columns` the folded columns compared, `item` the answer's fields as a jsonb object.
 */
function tableSearch(options: {
  from: RawBuilder<unknown>;
  alias: RawBuilder<unknown>;
  columns: RawBuilder<unknown>[];
  item: RawBuilder<unknown>;
  ties: RawBuilder<unknown>;
  t: Terms;
}) {
  const { from, alias, columns, item, ties, t } = options;
  const anyContains = sql.join(columns.map((c) => contains(c, t)), sql` OR `);
  // Rank and cut first, build the answer's fields for the few rows kept. A match in the first
  // column (the name) ranks above one in the second (the school) only.
  const rank = columns.length === 1 ? closeness(columns[0] as RawBuilder<unknown>, t) : sql`least(${sql.join(columns.map((c, i) => sql`${sql.lit(4 * i)} + ${closeness(c, t)}`))})`;
  const hits = sql`
    SELECT ${item} AS item, row_number() OVER (ORDER BY ${alias}.match_rank, ${ties}) AS n
    FROM (SELECT *, ${rank} AS match_rank FROM ${from} AND (${anyContains}) ORDER BY match_rank, ${ties} LIMIT ${t.limit}) AS ${alias}
  `;
  if (!t.typos) return sql`(SELECT coalesce(jsonb_agg(hits.item ORDER BY hits.n), '[]') FROM (${hits}) AS hits)`;
  const similarity = sql`greatest(${sql.join(columns.map((c) => sql`strict_word_similarity(${t.folded}, coalesce(${c}, ''))`))})`;
  const nearKeys = sql`${similarity} DESC, ${ties}`;
  const near = sql`
    SELECT ${item} AS item, row_number() OVER (ORDER BY ${nearKeys}) AS n
    FROM (
      SELECT * FROM ${from}
        AND (SELECT count(*) FROM hits) < ${t.limit}
        AND (${sql.join(
          columns.flatMap((c) => [sql`${t.folded} <<% ${c}`, ...t.transposed.map((variant) => sql`${c} LIKE '%' || ${variant} || '%'`)]),
          sql` OR `,
        )})
        AND NOT coalesce(${anyContains}, false)
      ORDER BY ${nearKeys} LIMIT ${t.limit}
    ) AS ${alias}
  `;
  return sql`(
    WITH hits AS MATERIALIZED (${hits}), near AS (${near})
    SELECT coalesce(jsonb_agg(found.item ORDER BY found.part, found.n), '[]') FROM (
      SELECT 0 AS part, item, n FROM hits UNION ALL SELECT 1, item, n FROM near
    ) AS found
  )`;
}

/** Both lists as one statement, so the bench can EXPLAIN it. */
export function searchQuery(q: string, limit: number) {
  const t: Terms = {
    pattern: sql<string>`search_fold(${escapeLike(q)})`,
    folded: sql<string>`search_fold(${q})`,
    substring: q.length >= SUBSTRING_MIN_LENGTH,
    typos: q.length >= TYPO_MIN_LENGTH,
    transposed: q.length >= TYPO_MIN_LENGTH ? adjacentTranspositions(q).map((variant) => sql<string>`search_fold(${escapeLike(variant)})`) : [],
    limit,
  };
  const teams = tableSearch({
    from: sql`teams t WHERE true`,
    alias: sql`t`,
    columns: [sql.ref('t.search_name'), sql.ref('t.search_school')],
    item: sql`jsonb_build_object('id', t.id, 'name', t.name, 'school_name', t.school_name, 'picture', t.picture, 'elo', t.elo)`,
    ties: sql`t.elo DESC, t.name, t.id`,
    t,
  });
  // Hidden players never appear (their index leaves them out too).
  const players = tableSearch({
    from: sql`players p WHERE p.visible`,
    alias: sql`p`,
    columns: [sql.ref('p.search_name')],
    item: sql`jsonb_build_object('id', p.id, 'name', p.name, 'picture', p.picture, 'team', (SELECT jsonb_build_object('id', tm.id, 'name', tm.name) FROM teams tm WHERE tm.id = p.team_id))`,
    ties: sql`p.elo DESC, p.name, p.id`,
    t,
  });
  return sql<SearchOutput>`SELECT ${teams} AS teams, ${players} AS players`;
}

export async function search(db: Kysely<Database>, input: SearchInput): Promise<SearchOutput> {
  const q = input.q.trim();
  if ([...q].length < SEARCH_MIN_LENGTH) return { teams: [], players: [] };
  return db.transaction().execute(async (trx) => {
    await useSearchSettings(trx);
    const { rows } = await searchQuery(q, input.limit).execute(trx);
    return rows[0] as SearchOutput;
  });
}

/**
 * What the search statement needs, for the rest of the caller's transaction only: the
 * similarity operator reads its threshold from the session; and the planner prices pg_trgm's
 * operators like a plain comparison, so on a few thousand teams it would compare every name
 * (about 30 ms) instead of reading the trigram index.
 */
export async function useSearchSettings(trx: Kysely<Database>): Promise<void> {
  await sql`SELECT set_config('pg_trgm.strict_word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true)`.execute(trx);
}
