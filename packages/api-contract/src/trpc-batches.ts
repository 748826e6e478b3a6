/**
 * The most procedure calls one tRPC request may carry. The server refuses a longer batch
 * with 400 (tRPC's `maxBatchSize`), and the web app's batch link splits its calls to fit.
 */
export const MAX_TRPC_BATCH_SIZE = 20;
