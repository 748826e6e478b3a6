import type { Paged, PlayerListItem, playerListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

export async function listPlayers(_db: Kysely<Database>, _input: z.output<typeof playerListInput>): Promise<Paged<PlayerListItem>> {
  throw new Error('not implemented yet');
}
