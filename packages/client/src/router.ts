// Types only: index.ts imports this module with `import type`, so none of it reaches the JS.
//
// The server's router type names its request context (Fastify request, Kysely database), and a
// declaration bundler copies declarations as written, so bundling `AppRouter` as it is would drag
// that context and its packages into the client. The client never uses the context: the view
// below keeps the procedures and the error shape. It is inferred rather than annotated, so that
// tsc writes it out in full (every procedure's input and output) in the emitted declarations.
import type { AppRouter } from '@campus-elo/server';
import type {
  AnyTRPCRouter,
  TRPCBuiltRouter,
  TRPCDefaultErrorShape,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCSubscriptionProcedure,
} from '@trpc/server';

/** A router record's procedures, nested routers opened to any depth. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used
declare const procedures: <R>(record: R) => {
  // Recursing through `typeof procedures<…>` rather than a named alias makes tsc write each
  // level out: an alias would be emitted as a reference with the server's types as arguments.
  // Each procedure keeps its input and output; its meta (the server's REST declaration) goes.
  [K in keyof R]: R[K] extends TRPCQueryProcedure<infer D>
    ? TRPCQueryProcedure<{ input: D['input']; output: D['output']; meta: object }>
    : R[K] extends TRPCMutationProcedure<infer D>
      ? TRPCMutationProcedure<{ input: D['input']; output: D['output']; meta: object }>
      : R[K] extends TRPCSubscriptionProcedure<infer D>
        ? TRPCSubscriptionProcedure<{ input: D['input']; output: D['output']; meta: object }>
        : ReturnType<typeof procedures<R[K]>>;
};

/** What the server puts in an error's `data`: invalid input lists each field and why. */
interface ErrorShape extends TRPCDefaultErrorShape {
  data: TRPCDefaultErrorShape['data'] & { issues: { path: (string | number)[]; message: string }[] };
}

declare const clientView: <R extends AnyTRPCRouter>(
  router: R,
) => TRPCBuiltRouter<
  {
    ctx: object;
    meta: object;
    errorShape: ErrorShape;
    transformer: R['_def']['_config']['$types']['transformer'];
  },
  ReturnType<typeof procedures<R['_def']['record']>>
>;

declare const appRouter: AppRouter;
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its inferred type is used
const campusEloRouter = clientView(appRouter);

/** The Campus Elo server's tRPC router as a client sees it. */
export type CampusEloRouter = typeof campusEloRouter;
