import { post } from './post';

/** Everything the site reads from Sanity: pass this as `schema.types` in sanity.config.ts. */
export const schemaTypes = [post];
