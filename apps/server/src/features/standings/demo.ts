import type { Database } from '@campus-elo/db';
import type { DivisionLine, Tiebreaker } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import { placeSeasonTeams } from './admin-queries';
import { refreshDivisionChances } from './chances';

/** Two demo rules, so both kinds of tiebreak order show. */
const DEMO_TIEBREAKERS: readonly (readonly Tiebreaker[])[] = [
  ['head_to_head', 'map_diff', 'round_diff', 'elo'],
  ['head_to_head', 'buchholz', 'wins_vs_top_half', 'map_diff', 'elo'],
];
const PLAYOFF_PLACES = 4;
/** Divisions this big also get a relegation line over their last two places. */
const RELEGATION_FROM_TEAMS = 8;

/**
 * The demo league's divisions, after its matches and events: in every season one division
 * per league competition (NECC on FACEIT, Playfly on Leaguespot), named after it and naming it
 * as its source, its teams placed 'by the imported stage' (the league each plays most in);
 * lines 'Playoffs' over the top 4 and, in divisions of 8 or more, 'Relegation' over the last
 * two; then the chances are simulated once so the demo shows them from the start.
 */
export async function seedDemoDivisions(db: Kysely<Database>): Promise<number> {
  const competitions = await db
    .selectFrom('competitions')
    .select(['id', 'name', 'season_id'])
    .where('type', '=', 'league')
    .where('season_id', 'is not', null)
    .orderBy('season_id')
    .orderBy('name')
    .execute();
  const seasons = [...new Set(competitions.map((c) => c.season_id as string))];
  let created = 0;
  await db.transaction().execute(async (trx) => {
    for (const seasonId of seasons) {
      const ofSeason = competitions.filter((c) => c.season_id === seasonId);
      for (const [index, competition] of ofSeason.entries()) {
        await trx
          .insertInto('divisions')
          .values({
            season_id: seasonId,
            name: `${competition.name} Division`,
            position: index + 1,
            tiebreakers: [...(DEMO_TIEBREAKERS[index % DEMO_TIEBREAKERS.length] as readonly Tiebreaker[])],
            lines: JSON.stringify([{ place: PLAYOFF_PLACES, label: 'Playoffs', kind: 'qualify' }] satisfies DivisionLine[]),
            source_competition_id: competition.id,
          })
          .execute();
        created += 1;
      }
      await placeSeasonTeams(trx, seasonId, 'imported_stage', true);
    }
    // Relegation lines once the divisions' sizes are known.
    const sizes = await trx
      .selectFrom('division_teams')
      .select(['division_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('division_id')
      .execute();
    for (const { division_id, n } of sizes) {
      if (Number(n) < RELEGATION_FROM_TEAMS) continue;
      const lines: DivisionLine[] = [
        { place: PLAYOFF_PLACES, label: 'Playoffs', kind: 'qualify' },
        { place: Number(n) - 1, label: 'Relegation', kind: 'relegate' },
      ];
      await trx.updateTable('divisions').set({ lines: JSON.stringify(lines) }).where('id', '=', division_id).execute();
    }
  });
  await refreshDivisionChances(db);
  return created;
}
