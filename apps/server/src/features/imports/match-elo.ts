import type { Database } from '@campus-elo/db';
import { nextElo } from '@campus-elo/domain';
import { sql, type Transaction } from 'kysely';
import { chunked, valuesList } from './sql-batch';

interface PendingMatch {
  id: string;
  team1_id: string;
  team2_id: string;
  winner_id: string | null;
  date: Date | null;
}

function byDateThenId(a: PendingMatch, b: PendingMatch): number {
  const timeA = a.date?.getTime() ?? Number.POSITIVE_INFINITY;
  const timeB = b.date?.getTime() ?? Number.POSITIVE_INFINITY;
  if (timeA !== timeB) return timeA < timeB ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Moves both teams' Elo (domain nextElo) for each of these matches that is completed with
 * a winner and has not moved Elo yet, oldest first, and marks it applied with the changes.
 * The rows are locked first, so two imports or updates racing never apply a match twice.
 * Returns how many matches moved Elo.
 */
export async function applyPendingElo(trx: Transaction<Database>, matchIds: readonly string[]): Promise<number> {
  const pending: PendingMatch[] = [];
  for (const ids of chunked([...new Set(matchIds)], 1000)) {
    const rows = await trx
      .selectFrom('matches')
      .select(['id', 'team1_id', 'team2_id', 'winner_id', 'date'])
      .where('id', 'in', ids)
      .where('status', '=', 'completed')
      .where('winner_id', 'is not', null)
      .where('elo_applied', '=', false)
      .forUpdate()
      .execute();
    pending.push(...rows.filter((m) => m.winner_id === m.team1_id || m.winner_id === m.team2_id));
  }
  if (pending.length === 0) return 0;
  pending.sort(byDateThenId);

  const teamIds = [...new Set(pending.flatMap((m) => [m.team1_id, m.team2_id]))].sort();
  const teams = await trx.selectFrom('teams').select(['id', 'elo']).where('id', 'in', teamIds).orderBy('id').forUpdate().execute();
  const elo = new Map(teams.map((t) => [t.id, t.elo]));

  const applied: { id: string; change1: number; change2: number }[] = [];
  for (const match of pending) {
    const before1 = elo.get(match.team1_id);
    const before2 = elo.get(match.team2_id);
    if (before1 === undefined || before2 === undefined) continue;
    const team1Won = match.winner_id === match.team1_id;
    // Both sides from their Elo before this match.
    const after1 = nextElo(before1, before2, team1Won ? 1 : 0);
    const after2 = nextElo(before2, before1, team1Won ? 0 : 1);
    elo.set(match.team1_id, after1);
    elo.set(match.team2_id, after2);
    applied.push({ id: match.id, change1: after1 - before1, change2: after2 - before2 });
  }

  const changedTeams = teams.filter((t) => elo.get(t.id) !== t.elo);
  for (const rows of chunked(changedTeams, 1000)) {
    await sql`
      UPDATE teams AS t SET elo = v.elo, updated_at = now()
      FROM (VALUES ${valuesList(rows, (r) => sql`(${r.id}::uuid, ${elo.get(r.id)}::int)`)}) AS v(id, elo)
      WHERE t.id = v.id
    `.execute(trx);
  }
  for (const rows of chunked(applied, 1000)) {
    await sql`
      UPDATE matches AS m SET elo_applied = true, team1_elo_change = v.change1, team2_elo_change = v.change2, updated_at = now()
      FROM (VALUES ${valuesList(rows, (r) => sql`(${r.id}::uuid, ${r.change1}::int, ${r.change2}::int)`)}) AS v(id, change1, change2)
      WHERE m.id = v.id
    `.execute(trx);
  }
  return applied.length;
}
