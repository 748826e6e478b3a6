import type { EloChange } from '@campus-elo/api-contract';
import type { Database, EloRunKindColumn } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { chunked } from '../../lib/sql-batch';

/*
 * Elo runs: every Elo tool run and match edit keeps the values it replaced (elo_run_changes)
 * and what else undo needs to put back (elo_runs.restore), so it can be undone
 * (undo.ts). Written in the caller's transaction, with the change itself.
 */

type Trx = Kysely<Database>;

export interface TeamElo {
  name: string;
  elo: number;
}

/** Every team's Elo now, to compare before and after a change. */
export async function teamEloSnapshot(trx: Trx): Promise<Map<string, TeamElo>> {
  const rows = await trx.selectFrom('teams').select(['id', 'name', 'elo']).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, elo: r.elo }]));
}

/** The teams whose Elo differs between the two snapshots, largest change first (then by name). */
export function eloChangesBetween(before: ReadonlyMap<string, TeamElo>, after: ReadonlyMap<string, TeamElo>): EloChange[] {
  const changes: EloChange[] = [];
  for (const [teamId, now] of after) {
    const was = before.get(teamId);
    if (was && was.elo !== now.elo) changes.push({ team_id: teamId, team_name: now.name, before: was.elo, after: now.elo });
  }
  return changes.sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before) || x.team_name.localeCompare(y.team_name) || x.team_id.localeCompare(y.team_id));
}

export interface RunChange {
  entity: 'team' | 'player';
  field: 'elo' | 'starting_elo' | 'skill_level';
  id: string;
  before: number;
  after: number;
}

/** Records a run and the values it changed; answers its id. `id` lets a run share its id with its adjustments' run_id. */
export async function recordEloRun(
  trx: Trx,
  run: { id?: string; kind: EloRunKindColumn; userId: string | null; changes: readonly RunChange[]; restore?: unknown },
): Promise<string> {
  const { id } = await trx
    .insertInto('elo_runs')
    .values({ ...(run.id ? { id: run.id } : {}), kind: run.kind, user_id: run.userId, restore: JSON.stringify(run.restore ?? {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const batch of chunked(run.changes, 10_000)) {
    await sql`
      INSERT INTO elo_run_changes (run_id, entity, field, entity_id, before, after)
      SELECT ${id}::uuid, v.entity, v.field, v.entity_id, v.before, v.after
      FROM unnest(${batch.map((c) => c.entity)}::text[], ${batch.map((c) => c.field)}::text[], ${batch.map((c) => c.id)}::uuid[],
        ${batch.map((c) => c.before)}::int[], ${batch.map((c) => c.after)}::int[]) AS v(entity, field, entity_id, before, after)
    `.execute(trx);
  }
  return id;
}

/** Team Elo changes as run changes. */
export const teamEloRunChanges = (changes: readonly EloChange[]): RunChange[] =>
  changes.map((c) => ({ entity: 'team', field: 'elo', id: c.team_id, before: c.before, after: c.after }));
