import type { PLAYER_LEADERBOARD_SORTS } from '@campus-elo/api-contract';
import { sql, type RawBuilder } from 'kysely';

/*
 * The leaderboard sorts in SQL, over the totals rows (alias `s`), by the same formulas the
 * answers are computed with in packages/domain (totals.ts, rating.ts): the rates here, the
 * rating in migration 0097's stored column. stat-sql.test.ts checks that both agree. Rates
 * without a denominator are null, as in the domain.
 */

export type LeaderboardSort = (typeof PLAYER_LEADERBOARD_SORTS)[number];

const float = (column: string) => sql`${sql.ref(`s.${column}`)}::float8`;

/** The value each sort column orders by. */
export const sortSql: Record<LeaderboardSort, RawBuilder<number | null>> = {
  // Kept by PostgreSQL as a stored column of every leaderboard table, indexed (migration 0097).
  rating: sql`s.rating`,
  adr: sql`CASE WHEN s.damage_rounds > 0 THEN ${float('damage')} / s.damage_rounds END`,
  kd: sql`CASE WHEN s.deaths = 0 THEN ${float('kills')} ELSE ${float('kills')} / s.deaths END`,
  plus_minus: sql`s.kills - s.deaths`,
  hs_pct: sql`CASE WHEN s.headshot_kills > 0 THEN 100 * ${float('headshots')} / s.headshot_kills END`,
  kills: sql`s.kills`,
  maps: sql`s.maps`,
  clutch_wins: sql`s.clutch_wins`,
  first_kills: sql`s.first_kills`,
};
