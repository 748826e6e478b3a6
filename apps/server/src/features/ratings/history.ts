import type { Database } from '@campus-elo/db';
import { eloTeamStanding, ratedColumns, type RatedHistory } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import { readMatchColumns, type MatchColumns } from '../elo/ledger-columns';

export interface LeagueHistory extends RatedHistory {
  /** Each rated match's season index (into `seasons`), -1 without a season. */
  seasonOf: Int32Array;
  /** Every season, oldest first. */
  seasons: { id: string; name: string }[];
}

/** What readCompletedMatches reads: every team, completed match (as columns) and season. */
export interface CompletedMatches {
  teams: { id: string; name: string; starting_elo: number }[];
  matches: MatchColumns;
  seasons: { id: string; name: string }[];
}

/** The league's rated matches in ledger order with every team's seed (its starting Elo). */
export async function readLeagueHistory(db: Kysely<Database>): Promise<LeagueHistory> {
  return leagueHistory(await readCompletedMatches(db));
}

/** The completed matches in the ledger's one bulk read (features/elo/ledger-columns.ts). */
export async function readCompletedMatches(db: Kysely<Database>): Promise<CompletedMatches> {
  const [teams, seasons] = await Promise.all([
    db.selectFrom('teams').select(['id', 'name', 'starting_elo']).execute(),
    db.selectFrom('seasons').select(['id', 'name']).orderBy('start_date').orderBy('id').execute(),
  ]);
  // A transaction of its own, for the read's work_mem.
  const matches = await db.transaction().execute((trx) => readMatchColumns(trx, { teamIds: teams.map((t) => t.id), from: null, seasonIds: seasons.map((s) => s.id) }));
  return { teams, matches, seasons };
}

/** The live replay's rule (domain ratedColumns) keeps the matches that count, in its order, as Recalculate All does. */
export function leagueHistory({ teams, matches, seasons }: CompletedMatches): LeagueHistory {
  const seeds = Float64Array.from(teams, (t) => t.starting_elo);
  const rated = ratedColumns({
    ...matches,
    teamElo: seeds,
    teamIsBye: Uint8Array.from(teams, (t) => (eloTeamStanding(t.name) === 'bye' ? 1 : 0)),
    adjustmentIds: [],
    adjustmentTime: new Float64Array(0),
    adjustmentTeam: new Int32Array(0),
    adjustmentElo: new Float64Array(0),
  });
  const season = matches.season as Int32Array;
  return {
    teamIds: teams.map((t) => t.id),
    seeds,
    matchIds: Array.from(rated.ledgerOrder, (i) => matches.matchIds[i] as string),
    matches: rated.matches,
    seasonOf: Int32Array.from(rated.ledgerOrder, (i) => season[i] as number),
    seasons,
  };
}
