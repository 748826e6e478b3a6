import { evaluate, parse, GroqSyntaxError } from 'groq-js';
import type { ContentDocument } from './dataset';

/** Sanity's error envelope for a query it cannot run (HTTP 400). */
export interface QueryErrorBody {
  error: { description: string; type: 'queryParseError' | 'queryExecutionError' | 'httpBadRequest'; query?: string; start?: number; end?: number };
}

export class ContentQueryError extends Error {
  constructor(readonly body: QueryErrorBody) {
    super(body.error.description);
  }
}

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
 * release versions out; 'raw' shows every document.
 */
export function documentsForPerspective(documents: readonly ContentDocument[], perspective: string | undefined): readonly ContentDocument[] {
  if (perspective === 'raw') return documents;
  return documents.filter((doc) => !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.'));
}

/** Evaluates GROQ over the documents as Sanity would; a query that cannot run throws ContentQueryError. */
export async function runGroq(
  documents: readonly ContentDocument[],
  query: string,
  params: Record<string, unknown>,
  sanity: { projectId: string; dataset: string },
): Promise<unknown> {
  let tree: ReturnType<typeof parse>;
  try {
    tree = parse(query, { params });
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      throw new ContentQueryError({
        error: { description: error.message, type: 'queryParseError', query, start: error.position, end: error.position + 1 },
      });
    }
    throw new ContentQueryError({ error: { description: (error as Error).message, type: 'queryParseError', query } });
  }
  const missing = [...referencedParameters(tree)].filter((name) => !(name in params));
  if (missing.length > 0) {
    throw new ContentQueryError({
      error: { description: `param $${missing[0]} referenced, but not provided`, type: 'queryParseError', query },
    });
  }
  try {
    const value = await evaluate(tree, { dataset: documents, params, sanity, timestamp: new Date() });
    return await value.get();
  } catch (error) {
    throw new ContentQueryError({ error: { description: (error as Error).message, type: 'queryExecutionError', query } });
  }
}
