import type { Paged, Season, seasonListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

export async function listSeasons(_db: Kysely<Database>, _input: z.output<typeof seasonListInput>): Promise<Paged<Season>> {
  throw new Error('not implemented yet');
}

export async function findCurrentSeason(_db: Kysely<Database>, _configuredId: string | undefined): Promise<Season | null> {
  throw new Error('not implemented yet');
}
