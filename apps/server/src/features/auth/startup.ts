import { randomBytes } from 'node:crypto';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { StartupOptions } from '../../startup-data';
import { SIGN_IN_WINDOW_MS } from './rate-limit';
import { deleteExpiredSessions } from './session-store';
import { createUser, findUserByEmail, setPassword } from './users';

export const DEMO_OWNER_EMAIL = 'demo-owner@campus-elo.test';

/** Sessions past their expiry and sign-in failures older than the rate-limit window count for nothing. */
async function forgetExpired(db: Kysely<Database>): Promise<void> {
  await deleteExpiredSessions(db);
  await db.deleteFrom('login_attempts').where('created_at', '<=', new Date(Date.now() - SIGN_IN_WINDOW_MS)).execute();
}

/**
 * Start-up staff: the owner from ADMIN_EMAIL/ADMIN_PASSWORD when that email has no user yet,
 * and with SEED=demo the demo owner, whose password is new on every start (never a
 * well-known one) and printed as one line. Of replicas starting together, only the one that
 * got the start-up lock first sets and prints it, so the printed password is the one that works.
 */
export async function prepareStaff(db: Kysely<Database>, config: Config, log: (line: string) => void, options: StartupOptions = {}): Promise<void> {
  await forgetExpired(db);
  if (config.adminEmail && config.adminPassword && !(await findUserByEmail(db, config.adminEmail))) {
    await createUser(db, { email: config.adminEmail, password: config.adminPassword, role: 'owner' });
    log(`Created owner ${config.adminEmail}`);
  }
  if (config.seed === 'demo') {
    const existing = await findUserByEmail(db, DEMO_OWNER_EMAIL);
    if (existing && options.startedAlongside) {
      log(`Demo owner: ${DEMO_OWNER_EMAIL} (its password is in the log of the replica that started at the same time)`);
      return;
    }
    const password = randomBytes(9).toString('base64url');
    if (existing) await setPassword(db, existing.id, password);
    else await createUser(db, { email: DEMO_OWNER_EMAIL, password, role: 'owner' });
    log(`Demo owner: ${DEMO_OWNER_EMAIL} / ${password}`);
  }
}
