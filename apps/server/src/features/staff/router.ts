import { deletedOutput, staffCreateInput, staffCreateOutput, staffIdInput, staffListOutput, staffMember, staffUpdateInput } from '@campus-elo/api-contract';
import { ownerProcedure, router } from '../../trpc';
import { addStaffMember, listStaff, removeStaffMember, updateStaffMember } from './accounts';

const lastOwner = { 409: 'This is the last owner' };

/** Staff accounts: the owner adds, changes and removes staff. */
export const staffRouter = router({
  list: ownerProcedure
    .meta({ rest: { method: 'GET', path: '/staff/', summary: 'Staff accounts', tag: 'Staff' } })
    .output(staffListOutput)
    .query(({ ctx }) => listStaff(ctx.db)),
  create: ownerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/staff/',
        summary: 'Add a staff member',
        description: 'The server makes an initial password and answers it this once; the new staff member changes it after signing in.',
        tag: 'Staff',
        status: 201,
        errors: { 409: 'The email is taken (ignoring case)' },
      },
    })
    .input(staffCreateInput)
    .output(staffCreateOutput)
    .mutation(({ ctx, input }) => addStaffMember(ctx.db, ctx.user, input)),
  update: ownerProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/staff/:id/',
        summary: "Change a staff member's role or email",
        tag: 'Staff',
        errors: { 404: 'No staff member has this id', 409: 'The last owner cannot be demoted, or the email is taken' },
      },
    })
    .input(staffUpdateInput)
    .output(staffMember)
    .mutation(({ ctx, input }) => updateStaffMember(ctx.db, ctx.user, input)),
  delete: ownerProcedure
    .meta({ rest: { method: 'DELETE', path: '/staff/:id/', summary: 'Remove a staff member', tag: 'Staff', errors: { 404: 'No staff member has this id', ...lastOwner } } })
    .input(staffIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => removeStaffMember(ctx.db, ctx.user, input.id)),
});
