import { evaluate, parse, GroqSyntaxError } from 'groq-js';
import type { ContentDocument } from './dataset';

/** Sanity's error envelope for a query it cannot run (HTTP 400), refuses (400) or gave up on (503). */
export interface QueryErrorBody {
  error: {
    description: string;
    type: 'queryParseError' | 'queryExecutionError' | 'httpBadRequest' | 'queryRefused' | 'queryTimeout' | 'httpUnauthorized';
    query?: string;
    start?: number;
    end?: number;
  };
}

export class ContentQueryError extends Error {
  constructor(
    readonly body: QueryErrorBody,
    readonly status = 400,
  ) {
    super(body.error.description);
  }
}

export type GroqTree = ReturnType<typeof parse>;

/** Names of the $parameters a query refers to, found by walking its syntax tree. */
function referencedParameters(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedParameters(item, found);
  } else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (record.type === 'Parameter' && typeof record.name === 'string') found.add(record.name);
    for (const value of Object.values(record)) referencedParameters(value, found);
  }
  return found;
}

/**
 * Sanity's default perspective ('published', API versions from 2025-02-19) leaves drafts and
 * release versions out; 'raw' shows every document, to a caller allowed to read drafts.
 */
export function documentsForPerspective(documents: readonly ContentDocument[], perspective: string | undefined, mayReadDrafts = false): readonly ContentDocument[] {
  if (perspective === 'raw' && mayReadDrafts) return documents;
  return documents.filter((doc) => !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.'));
}

/** Parses a query and checks that every $parameter it uses is given; a query that cannot run throws ContentQueryError. */
export function parseGroq(query: string, params: Record<string, unknown>): GroqTree {
  let tree: GroqTree;
  try {
    tree = parse(query, { params });
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      throw new ContentQueryError({
        error: { description: error.message, type: 'queryParseError', query, start: error.position, end: error.position + 1 },
      });
    }
    // A RangeError too: a query nested past the parser's stack is not one we run.
    throw new ContentQueryError({ error: { description: (error as Error).message, type: 'queryParseError', query } });
  }
  const missing = [...referencedParameters(tree)].filter((name) => !(name in params));
  if (missing.length > 0) {
    throw new ContentQueryError({
      error: { description: `param $${missing[0]} referenced, but not provided`, type: 'queryParseError', query },
    });
  }
  return tree;
}

/** Evaluates GROQ over the documents as Sanity would, here on this thread: only for queries whose cost is known (the site's own). */
export async function runGroq(
  documents: readonly ContentDocument[],
  query: string,
  params: Record<string, unknown>,
  sanity: { projectId: string; dataset: string },
): Promise<unknown> {
  const tree = parseGroq(query, params);
  try {
    const value = await evaluate(tree, { dataset: documents, params, sanity, timestamp: new Date() });
    return await value.get();
  } catch (error) {
    throw new ContentQueryError({ error: { description: (error as Error).message, type: 'queryExecutionError', query } });
  }
}
