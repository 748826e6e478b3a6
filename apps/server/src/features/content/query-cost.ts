import { ContentQueryError, type GroqTree } from './groq';

/**
 * How many dataset scans (`*`) a query may run inside each other. One inside another is what
 * real clients send ("related posts": `*[…]{"related": *[references(^._id)]}`) and costs the
 * dataset's size squared; each further level multiplies by the dataset again, which is how
 * `count(*[count(*[…]) > 0])` six deep took 50 s (docs/decisions/0075-groq-off-the-main-thread.md).
 */
export const MAX_SCAN_NESTING = 2;

/** Nodes whose `expr` (or, for a pipe function such as order(), `args`) is evaluated once per element of `base`. */
const PER_ELEMENT = new Set(['Filter', 'Projection', 'Map', 'FlatMap', 'PipeFuncCall']);

type Node = { type?: unknown; base?: unknown; expr?: unknown; args?: unknown } & Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

function children(node: Node): unknown[] {
  return Object.entries(node)
    .filter(([key, value]) => key !== 'func' && isNode(value))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]));
}

function scansDataset(node: unknown): boolean {
  if (!isNode(node)) return false;
  if (Array.isArray(node)) return node.some(scansDataset);
  return node.type === 'Everything' || children(node).some(scansDataset);
}

/** The deepest nesting of `*` in the tree: 1 for `*[…]`, 2 for a `*` evaluated per document of another. */
export function scanNesting(node: unknown, enclosingScans = 0): number {
  if (!isNode(node)) return 0;
  if (Array.isArray(node)) return Math.max(0, ...node.map((child) => scanNesting(child, enclosingScans)));
  if (node.type === 'Everything') return enclosingScans + 1;
  if (typeof node.type === 'string' && PER_ELEMENT.has(node.type)) {
    const inner = enclosingScans + (scansDataset(node.base) ? 1 : 0);
    const perElement = node.type === 'PipeFuncCall' ? node.args : node.expr;
    return Math.max(scanNesting(node.base, enclosingScans), scanNesting(perElement, inner));
  }
  return Math.max(0, ...children(node).map((child) => scanNesting(child, enclosingScans)));
}

/** Refuses, before it runs, a query that scans the dataset more than MAX_SCAN_NESTING levels deep. */
export function refuseCostlyQuery(tree: GroqTree, query: string): void {
  const nesting = scanNesting(tree);
  if (nesting > MAX_SCAN_NESTING) {
    throw new ContentQueryError({
      error: {
        description: `Query refused: it scans the dataset ${nesting} levels deep (*[… *[…] …] nested); at most ${MAX_SCAN_NESTING} are allowed`,
        type: 'queryRefused',
        query,
      },
    });
  }
}
