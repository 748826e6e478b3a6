import type { Database } from '@campus-elo/db';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct inputs kept per query and database handle: the home page and the first pages repeat. */
const COMPILED_PER_QUERY = 500;

/**
 * Builds a read's statement once per input and keeps it: building and compiling a Kysely
 * query cost the server more CPU than PostgreSQL spent running the public reads
 * (docs/decisions/0071-compiled-public-reads.md). `build` must depend on its arguments only
 * (a day it reads goes into the key); the handles use no Kysely plugins, so a compiled query
 * can be executed again as it is.
 */
export function compiledPerInput<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  keyOf: (...args: Args) => string = (...args) => JSON.stringify(args),
): (db: Kysely<Database>, ...args: Args) => CompiledQuery<Row> {
  // Per handle: tests and the embedded database open several, and a transaction is its own.
  const caches = new WeakMap<Kysely<Database>, LRUCache<string, CompiledQuery<Row>>>();
  return (db, ...args) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new LRUCache({ max: COMPILED_PER_QUERY });
      caches.set(db, cache);
    }
    const key = keyOf(...args);
    let compiled = cache.get(key);
    if (!compiled) {
      compiled = build(db, ...args).compile();
      cache.set(key, compiled);
    }
    return compiled;
  };
}

/** The rows of a kept statement (compiledPerInput). */
export async function rowsOf<Row>(db: Kysely<Database>, compiled: CompiledQuery<Row>): Promise<Row[]> {
  return (await db.executeQuery(compiled)).rows;
}
