import { z } from 'zod';

/**
 * What a procedure answers when REST should send bytes instead of JSON (a backup download,
 * a proxied image): REST sends `body` with these headers.
 */
export const fileReply = z.object({
  content_type: z.string(),
  cache_control: z.string(),
  /** Offered as a download under this name. */
  filename: z.string().optional(),
  body: z.union([z.string(), z.custom<Uint8Array>((value) => value instanceof Uint8Array)]),
});

export type FileReply = z.infer<typeof fileReply>;
