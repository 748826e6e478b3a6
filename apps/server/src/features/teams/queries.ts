import type { Paged, TeamListItem, teamListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

export async function listTeams(_db: Kysely<Database>, _input: z.output<typeof teamListInput>): Promise<Paged<TeamListItem>> {
  throw new Error('not implemented yet');
}
