import type { Paged, RankingItem, RankingListItem, rankingItemsInput, rankingListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

export async function listRankings(_db: Kysely<Database>, _input: z.output<typeof rankingListInput>): Promise<Paged<RankingListItem>> {
  throw new Error('not implemented yet');
}

export async function listRankingItems(_db: Kysely<Database>, _input: z.output<typeof rankingItemsInput>): Promise<Paged<RankingItem>> {
  throw new Error('not implemented yet');
}
