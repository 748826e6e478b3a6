import type { ClearDatabaseInput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

export async function registerClearDatabaseRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'POST', '/clear-database/', (caller, req) => caller.admin.clearDatabase.clear((req.body ?? {}) as ClearDatabaseInput));
  restRoute(app, deps, 'GET', '/backups/', (caller) => caller.admin.clearDatabase.backups());
  restRoute(app, deps, 'GET', '/backups/:id/', async (caller, req, reply) => {
    const { id } = req.params as { id: string };
    const backup = await caller.admin.clearDatabase.backupFile({ id });
    const day = backup.created_at.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="campus-elo-backup-${day}-${id.slice(0, 8)}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(backup.text);
  });
  restRoute(app, deps, 'POST', '/backups/:id/restore/', (caller, req) => caller.admin.clearDatabase.restore({ id: (req.params as { id: string }).id }));
}
