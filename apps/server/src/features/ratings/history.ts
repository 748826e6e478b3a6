import type { Database } from '@campus-elo/db';
import { ratedHistory, type RatedHistory, type ReplayMatch, type ReplayTeam } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';

export interface LeagueHistory extends RatedHistory {
  /** Each rated match's season index (into `seasons`), -1 without a season. */
  seasonOf: Int32Array;
  /** Every season, oldest first. */
  seasons: { id: string; name: string }[];
}

/** What readCompletedMatches reads: every team, completed match and season. */
export interface CompletedMatches {
  teams: ReplayTeam[];
  matches: ReplayMatch[];
  seasonOfMatch: Map<string, string>;
  seasons: { id: string; name: string }[];
}

/** The league's rated matches in ledger order with every team's seed (its starting Elo). */
export async function readLeagueHistory(db: Kysely<Database>): Promise<LeagueHistory> {
  return leagueHistory(await readCompletedMatches(db));
}

/**
 * The completed matches in one statement, read as one row of comma-joined columns as the
 * ledger does (features/elo/ledger.ts): node-postgres makes an object of each row.
 */
export async function readCompletedMatches(db: Kysely<Database>): Promise<CompletedMatches> {
  const [{ rows }, teams, seasonRows] = await Promise.all([
    sql<{ ids: string | null; times: string; team1s: string; team2s: string; winners: string; seasons: string }>`
      SELECT string_agg(id::text, ',') AS ids,
        string_agg(coalesce(floor(extract(epoch FROM date) * 1000)::text, ''), ',') AS times,
        string_agg(team1_id::text, ',') AS team1s,
        string_agg(team2_id::text, ',') AS team2s,
        string_agg(coalesce(winner_id::text, ''), ',') AS winners,
        string_agg(coalesce(season_id::text, ''), ',') AS seasons
      FROM matches WHERE status = 'completed'
    `.execute(db),
    db.selectFrom('teams').select(['id', 'name', 'starting_elo']).execute(),
    db.selectFrom('seasons').select(['id', 'name']).orderBy('start_date').orderBy('id').execute(),
  ]);
  const row = rows[0];
  const matches: ReplayMatch[] = [];
  const seasonOfMatch = new Map<string, string>();
  if (row?.ids) {
    const ids = row.ids.split(',');
    const [times, team1s, team2s, winners, seasons] = [row.times, row.team1s, row.team2s, row.winners, row.seasons].map((column) => column.split(',')) as string[][];
    ids.forEach((id, i) => {
      matches.push({ id, date: times?.[i] ? new Date(Number(times[i])) : null, status: 'completed', team1Id: team1s?.[i] as string, team2Id: team2s?.[i] as string, winnerId: winners?.[i] || null });
      if (seasons?.[i]) seasonOfMatch.set(id, seasons[i] as string);
    });
  }
  return { teams: teams.map((t) => ({ id: t.id, name: t.name, elo: t.starting_elo })), matches, seasonOfMatch, seasons: seasonRows };
}

/** The live replay's rule (domain ratedHistory) keeps the matches that count, in its order, as Recalculate All does. */
export function leagueHistory({ teams, matches, seasonOfMatch, seasons }: CompletedMatches): LeagueHistory {
  const history = ratedHistory(teams, matches);
  const seasonIndex = new Map(seasons.map((s, i) => [s.id, i]));
  const seasonOf = Int32Array.from(history.matchIds, (id) => seasonIndex.get(seasonOfMatch.get(id) ?? '') ?? -1);
  return { ...history, seasonOf, seasons };
}
