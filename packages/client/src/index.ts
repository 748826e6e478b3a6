import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { CampusEloRouter } from './router';

export type { CampusEloRouter };
export type CampusEloClient = TRPCClient<CampusEloRouter>;
/** Every procedure's input, by path: `RouterInputs['public']['teams']`. */
export type RouterInputs = inferRouterInputs<CampusEloRouter>;
/** Every procedure's output, by path: `RouterOutputs['public']['teams']`. */
export type RouterOutputs = inferRouterOutputs<CampusEloRouter>;

export interface CampusEloClientOptions {
  /** The site's address, e.g. `http://localhost:3000`. */
  url: string;
  /** A token from `createToken`, sent as `Authorization: Bearer <token>`; none for public reads. */
  token?: string;
}

/** A typed client of the site's tRPC procedures: `client.public.teams.query({ … })`. */
export function createCampusEloClient({ url, token }: CampusEloClientOptions): CampusEloClient {
  return createTRPCClient<CampusEloRouter>({
    links: [
      httpBatchLink({
        url: `${url.replace(/\/$/, '')}/trpc`,
        // The server answers 400 to a batch of more calls (MAX_TRPC_BATCH_SIZE in the API
        // contract package, which this bundle may not import): more go in another request.
        maxItems: 20,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}

/** Signs a staff member in for a token (no cookie); wrong credentials reject with a 401 error. */
export function createToken({ url, email, password }: { url: string; email: string; password: string }): Promise<RouterOutputs['auth']['createToken']> {
  return createCampusEloClient({ url }).auth.createToken.mutate({ email, password });
}
