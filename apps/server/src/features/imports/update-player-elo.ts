import { MAX_LISTED_FAILURES, type UpdatePlayerEloOutput, type updatePlayerEloInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import { recordAudit } from '../audit/record';
import { mapSettled, PLATFORM_CONCURRENCY } from '../../lib/concurrency';
import { faceitClient, type FaceitPlayer } from './platforms/faceit-client';
import { describeFailure, PlatformError } from './platforms/http';
import { chunked, valuesList } from '../../lib/sql-batch';
import { upstreamFailed } from '../../lib/errors';
import { progressCounter, type ToolProgress } from '../../lib/tool-progress';

interface CsRating {
  elo: number;
  skillLevel: number;
}

/** Elo and skill level from a Faceit player's games.cs2, or null when it has none. */
function csRating(player: FaceitPlayer | null): CsRating | null {
  const cs2 = player?.games?.cs2;
  if (typeof cs2?.faceit_elo !== 'number' || !Number.isFinite(cs2.faceit_elo)) return null;
  const level = typeof cs2.skill_level === 'number' && Number.isFinite(cs2.skill_level) ? cs2.skill_level : 0;
  return { elo: Math.round(cs2.faceit_elo), skillLevel: Math.max(0, Math.min(10, Math.round(level))) };
}

/**
 * Sets every player with a Steam id to their Faceit CS2 Elo and skill level. Lookups run
 * a few at a time (429s are retried after the delay Faceit gives); players Faceit does
 * not know are counted as not found. All writes are two statements per 500 players: the
 * Elo history of those whose Elo changes, then the players. Progress is told per lookup;
 * once `signal` aborts no further player is looked up, and those looked up are written.
 */
export async function updatePlayerElo(
  deps: { db: Kysely<Database>; config: Config },
  input: z.output<typeof updatePlayerEloInput>,
  user: { id: string } | null,
  progress: ToolProgress = {},
): Promise<UpdatePlayerEloOutput> {
  const client = faceitClient(deps.config, input.api_key ?? deps.config.faceit.apiKey);
  const players = await deps.db.selectFrom('players').select(['id', 'name', 'steam_id']).where('steam_id', 'is not', null).orderBy('id').execute();
  const counter = progressCounter(progress, players.length);
  const lookups = await mapSettled(players, PLATFORM_CONCURRENCY, (player) => client.playerBySteamId(player.steam_id as string), {
    signal: progress.signal,
    onSettled: (lookup, index) => counter.settled(lookup.ok ? undefined : { item: (players[index] as { name: string }).name, reason: describeFailure(lookup.error) }),
  });

  const updates: ({ id: string } & CsRating)[] = [];
  let notFound = 0;
  const failures: unknown[] = [];
  const failedPlayers: UpdatePlayerEloOutput['failures'] = [];
  lookups.forEach((lookup, index) => {
    if (!lookup.ok) {
      failures.push(lookup.error);
      const player = players[index] as { id: string; name: string };
      if (failedPlayers.length < MAX_LISTED_FAILURES) failedPlayers.push({ player_id: player.id, player_name: player.name, reason: describeFailure(lookup.error) });
      return;
    }
    const rating = csRating(lookup.value);
    if (rating) updates.push({ id: (players[index] as { id: string }).id, ...rating });
    else notFound += 1;
  });

  const rejected = failures.find((f) => f instanceof PlatformError && f.failure === 'rejected');
  if (rejected || (failures.length > 0 && failures.length === lookups.length)) {
    throw upstreamFailed(describeFailure(rejected ?? failures[0]));
  }

  if (updates.length > 0) {
    await deps.db.transaction().execute(async (trx) => {
      for (const rows of chunked(updates, 500)) {
        // The history first, while the old Elo is still there to compare with.
        await sql`
          INSERT INTO player_elo_history (player_id, elo, source)
          SELECT p.id, v.elo, 'faceit'
          FROM (VALUES ${valuesList(rows, (r) => sql`(${r.id}::uuid, ${r.elo}::int)`)}) AS v(id, elo)
          JOIN players p ON p.id = v.id
          WHERE p.elo <> v.elo
        `.execute(trx);
        await sql`
          UPDATE players AS p SET elo = v.elo, skill_level = v.skill_level, updated_at = now()
          FROM (VALUES ${valuesList(rows, (r) => sql`(${r.id}::uuid, ${r.elo}::int, ${r.skillLevel}::int)`)}) AS v(id, elo, skill_level)
          WHERE p.id = v.id
        `.execute(trx);
      }
      await recordAudit(trx, { user, action: 'update', entity: 'players', ids: updates.map((u) => u.id), details: { source: 'faceit', not_found: notFound, failed: failures.length } });
    });
  }

  const failedNote = failures.length > 0 ? `, ${failures.length} lookups failed` : '';
  const notStarted = players.length - lookups.length;
  const cancelledNote = notStarted > 0 ? `, cancelled before ${notStarted} more` : '';
  return {
    message: `Updated ${updates.length} players, ${notFound} not found on Faceit${failedNote}${cancelledNote}.`,
    updated_players: updates.length,
    not_found: notFound,
    failed: failures.length,
    failures: failedPlayers,
  };
}
