import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Per database handle: the keys never change once made, so each process reads them once. */
const known = new WeakMap<Kysely<Database>, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair: the configured one (PUSH_VAPID_*), else the database's, made
 * on first use. Replicas racing to make it all keep the first one stored (ON CONFLICT), so
 * every subscription stays valid whichever replica answered (docs/configuration.md).
 */
export function vapidKeys(db: Kysely<Database>, config: Config): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey } = config.push;
  if (vapidPublicKey && vapidPrivateKey) return Promise.resolve({ publicKey: vapidPublicKey, privateKey: vapidPrivateKey });
  let keys = known.get(db);
  if (!keys) {
    keys = (async () => {
      const made = webpush.generateVAPIDKeys();
      await db.insertInto('push_vapid_keys').values({ public_key: made.publicKey, private_key: made.privateKey }).onConflict((oc) => oc.column('id').doNothing()).execute();
      const stored = await db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).executeTakeFirstOrThrow();
      return { publicKey: stored.public_key, privateKey: stored.private_key };
    })();
    // A failure (the database away) is not remembered: the next call tries again.
    keys.catch(() => known.delete(db));
    known.set(db, keys);
  }
  return keys;
}
