import type { MatchListItem, Paged, matchListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

export async function listMatches(_db: Kysely<Database>, _input: z.output<typeof matchListInput>): Promise<Paged<MatchListItem>> {
  throw new Error('not implemented yet');
}
