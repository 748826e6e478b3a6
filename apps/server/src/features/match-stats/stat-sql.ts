import type { PLAYER_LEADERBOARD_SORTS } from '@campus-elo/api-contract';
import { RATING_1_0 } from '@campus-elo/domain';
import { sql, type RawBuilder } from 'kysely';

/*
 * The leaderboard sorts in SQL, over the totals rows (alias `s`), by the same formulas the
 * answers are computed with in packages/domain (totals.ts, rating.ts); stat-sql.test.ts
 * checks that both agree. Rates without a denominator are null, as in the domain.
 */

export type LeaderboardSort = (typeof PLAYER_LEADERBOARD_SORTS)[number];

const float = (column: string) => sql`${sql.ref(`s.${column}`)}::float8`;
const constant = (value: number) => sql`${sql.lit(value)}::float8`;

export const ratingSql: RawBuilder<number | null> = sql<number | null>`CASE WHEN s.rated_rounds > 0 THEN
  (${float('rated_kills')} / s.rated_rounds / ${constant(RATING_1_0.killsPerRound)}
   + ${constant(RATING_1_0.survivalWeight)} * ((s.rated_rounds - s.rated_deaths)::float8 / s.rated_rounds / ${constant(RATING_1_0.survivedPerRound)})
   + ${float('rated_multi_kill_score')} / s.rated_rounds / ${constant(RATING_1_0.multiKillScorePerRound)}) / ${constant(RATING_1_0.divisor)} END`;

/** The value each sort column orders by. */
export const sortSql: Record<LeaderboardSort, RawBuilder<number | null>> = {
  rating: ratingSql,
  adr: sql`CASE WHEN s.damage_rounds > 0 THEN ${float('damage')} / s.damage_rounds END`,
  kd: sql`CASE WHEN s.deaths = 0 THEN ${float('kills')} ELSE ${float('kills')} / s.deaths END`,
  plus_minus: sql`s.kills - s.deaths`,
  hs_pct: sql`CASE WHEN s.headshot_kills > 0 THEN 100 * ${float('headshots')} / s.headshot_kills END`,
  kills: sql`s.kills`,
  maps: sql`s.maps`,
  clutch_wins: sql`s.clutch_wins`,
  first_kills: sql`s.first_kills`,
};
