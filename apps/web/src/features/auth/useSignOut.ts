import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';

/** Ends the session on the server, forgets every cached admin answer and goes to /signin. */
export function useSignOut() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return trpc.auth.signOut.useMutation({
    onSettled: async () => {
      utils.auth.me.setData(undefined, null);
      // tRPC keys start with the procedure path, so this drops every admin.* answer.
      queryClient.removeQueries({ queryKey: [['admin']] });
      await navigate({ to: '/signin' });
    },
  });
}
