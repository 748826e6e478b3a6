import { auditListInput, auditListOutput } from '@campus-elo/api-contract';
import { router, staffProcedure } from '../../trpc';
import { listAudit } from './list';

/** The change log: every staff write, newest first. */
export const auditRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/audit/',
        summary: 'The change log',
        description: 'Every staff write, newest first: who, when, what, and for edits the values before and after.',
        tag: 'Audit',
        params: { page: 'Page number, from 1.', page_size: 'Rows per page (default 50, at most 100).', actor: "A staff member's id.", action: 'One action, e.g. update or undo.' },
      },
    })
    .input(auditListInput)
    .output(auditListOutput)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
