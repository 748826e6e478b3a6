import type { teamMapsResponse } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { currentSeasonQuery } from '../seasons/queries';
import { withMapName } from './totals';

/**
 * A team's map pool in a season (absent: the current season) as one statement, from the kept
 * team map totals; first bans from the team's own bans of the season (migration 0099's index):
 * each match's lowest ban step.
 */
export function teamMapsQuery(db: Kysely<Database>, teamId: string, seasonId: string | undefined, configuredSeasonId: string | undefined) {
  const season = seasonId ?? currentSeasonQuery(db, configuredSeasonId).clearSelect().select('seasons.id');
  const firstBans = db
    .selectFrom(
      db
        .selectFrom('match_vetoes as v')
        .where('v.team_id', '=', teamId)
        .where('v.season_id', '=', season)
        .where('v.action', '=', 'ban')
        .distinctOn('v.match_id')
        .select(['v.match_id', 'v.map'])
        .orderBy('v.match_id')
        .orderBy('v.step')
        .as('first'),
    )
    .groupBy('first.map')
    .select(['first.map', sql<number>`count(*)`.as('first_bans')]);
  return db.selectNoFrom((eb) => [
    eb.selectFrom('teams').select('id').where('id', '=', teamId).as('team_id'),
    jsonArrayFrom(
      eb
        .selectFrom('team_season_map_stats as t')
        .leftJoin(firstBans.as('f'), 'f.map', 't.map')
        .where('t.team_id', '=', teamId)
        .where('t.season_id', '=', season)
        .select(['t.map', 't.played', 't.wins', 't.losses', 't.rounds_for', 't.rounds_against', 't.picks', 't.bans', 'f.first_bans'])
        .orderBy('t.played', 'desc')
        .orderBy('t.map'),
    ).as('results'),
  ]);
}

/** GET /v1/public/teams/{id}/maps: 404 for an unknown team; a season without maps answers an empty list. */
export async function getTeamMaps(
  db: Kysely<Database>,
  input: { id: string; season_id?: string | undefined },
  configuredSeasonId: string | undefined,
): Promise<z.infer<typeof teamMapsResponse>> {
  const row = await teamMapsQuery(db, input.id, input.season_id, configuredSeasonId).executeTakeFirstOrThrow();
  if (!row.team_id) throw notFound('Team not found');
  return {
    results: row.results.map((map) =>
      withMapName({
        map: map.map,
        played: Number(map.played),
        wins: Number(map.wins),
        losses: Number(map.losses),
        round_diff: Number(map.rounds_for) - Number(map.rounds_against),
        picks: Number(map.picks),
        bans: Number(map.bans),
        first_bans: Number(map.first_bans ?? 0),
      }),
    ),
  };
}
