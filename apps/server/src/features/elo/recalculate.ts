import type { teamEloRecalculateInput, TeamEloRecalculateOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { replayElo } from '@campus-elo/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '../audit/record';

export interface RecalculateOptions {
  /** Rows per UPDATE statement. */
  batchSize?: number;
  /** Runs after each written batch (tests use it to fail midway). */
  afterBatch?: (batchNumber: number) => void | Promise<void>;
}

interface MatchEloWrite {
  id: string;
  team1Change: number | null;
  team2Change: number | null;
  applied: boolean;
}

const DEFAULT_BATCH_SIZE = 10_000;

/**
 * Replays every completed match from the start (replayElo in the domain) and writes the
 * teams' Elo and each match's Elo changes. One read, batched writes of only the rows that
 * change, all in one transaction: a failure midway leaves every Elo as it was.
 */
export async function recalculateAllElo(
  db: Kysely<Database>,
  input: z.output<typeof teamEloRecalculateInput>,
  actor: AuditEntry['user'],
  options: RecalculateOptions = {},
): Promise<TeamEloRecalculateOutput> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  return db.transaction().execute(async (trx) => {
    // Readers go on; an import applying a result meanwhile would be overwritten, so it waits.
    await sql`LOCK TABLE teams, matches IN EXCLUSIVE MODE`.execute(trx);
    const teams = await trx.selectFrom('teams').select(['id', 'name', 'elo']).execute();
    const matches = await trx
      .selectFrom('matches')
      .select(['id', 'date', 'status', 'team1_id', 'team2_id', 'winner_id', 'team1_elo_change', 'team2_elo_change', 'elo_applied'])
      // Also matches marked applied that are no longer completed: their mark is cleared.
      .where((eb) => eb.or([eb('status', '=', 'completed'), eb('elo_applied', '=', true)]))
      // Physical order: the writes then visit each table page once instead of hopping around.
      .orderBy(sql`ctid`)
      .execute();

    const result = replayElo(
      teams,
      // A completed match without a date cannot be placed in time: '' makes replayElo skip it.
      matches.map((m) => ({ id: m.id, date: m.date ?? '', status: m.status, team1Id: m.team1_id, team2Id: m.team2_id, winnerId: m.winner_id })),
      { resetTo: input.reset_to_default ? input.default_elo : null },
    );

    const appliedById = new Map(result.applied.map((a) => [a.matchId, a]));
    const changedMatches: MatchEloWrite[] = [];
    for (const m of matches) {
      const a = appliedById.get(m.id);
      const write: MatchEloWrite = a
        ? { id: m.id, team1Change: a.team1After - a.team1Before, team2Change: a.team2After - a.team2Before, applied: true }
        : { id: m.id, team1Change: null, team2Change: null, applied: false };
      if (write.applied !== m.elo_applied || write.team1Change !== m.team1_elo_change || write.team2Change !== m.team2_elo_change) {
        changedMatches.push(write);
      }
    }
    const totalEloChanges = result.applied.filter((a) => a.team1After !== a.team1Before || a.team2After !== a.team2Before).length;
    const changedTeams = teams.filter((t) => result.elo.get(t.id) !== t.elo).map((t) => ({ id: t.id, elo: result.elo.get(t.id)! }));

    let batchNumber = 0;
    const afterBatch = async () => {
      batchNumber += 1;
      await options.afterBatch?.(batchNumber);
    };
    for (const batch of chunks(changedTeams, batchSize)) {
      await writeTeamElo(trx, batch);
      await afterBatch();
    }
    for (const batch of chunks(changedMatches, batchSize)) {
      await writeMatchElo(trx, batch);
      await afterBatch();
    }

    const answer = {
      summary: { processed_count: result.applied.length, error_count: result.skipped.length },
      total_elo_changes: totalEloChanges,
    };
    await recordAudit(trx, {
      user: actor,
      action: 'recalculate_elo',
      entity: 'teams',
      ids: [],
      details: { ...input, ...answer, teams_written: changedTeams.length, matches_written: changedMatches.length },
    });
    return answer;
  });
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

// Arrays as two or four parameters keep each statement's parameter count fixed at any size.
async function writeTeamElo(trx: Transaction<Database>, rows: { id: string; elo: number }[]): Promise<void> {
  await sql`
    UPDATE teams SET elo = v.elo, updated_at = now()
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.elo)}::int[]) AS v(id, elo)
    WHERE teams.id = v.id
  `.execute(trx);
}

async function writeMatchElo(trx: Transaction<Database>, rows: MatchEloWrite[]): Promise<void> {
  await sql`
    UPDATE matches
    SET team1_elo_change = v.team1_change, team2_elo_change = v.team2_change, elo_applied = v.applied
    FROM unnest(
      ${rows.map((r) => r.id)}::uuid[],
      ${rows.map((r) => r.team1Change)}::int[],
      ${rows.map((r) => r.team2Change)}::int[],
      ${rows.map((r) => r.applied)}::boolean[]
    ) AS v(id, team1_change, team2_change, applied)
    WHERE matches.id = v.id
  `.execute(trx);
}
