import type { MatchMapsResponse, ReplaceMatchMapsInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { getMatchMaps } from './queries';
import { replaceManualMatchDetails } from './write-details';

/**
 * PUT /v1/matches/{id}/maps/: staff replace a match's maps, veto and lines by hand (source
 * 'manual', which no sync overwrites), audited in the same transaction; answers the staff's read
 * (GET /v1/matches/{id}/maps/: hidden players stay linked, so the editor saves them so again).
 */
export async function replaceMatchMaps(db: Kysely<Database>, actor: { id: string } | null, input: ReplaceMatchMapsInput): Promise<MatchMapsResponse> {
  const { id, ...details } = input;
  return db.transaction().execute(async (trx) => {
    const replaced = await replaceManualMatchDetails(trx, id, details);
    await recordAudit(trx, { user: actor, action: 'update', entity: 'match_maps', ids: [id], details: replaced });
    return getMatchMaps(trx, id, 'all');
  });
}
