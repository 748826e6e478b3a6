import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A document as Sanity stores it: any JSON object with an id and a type. */
export interface ContentDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

export interface ContentDataset {
  /** The documents as of now: re-read when the file has changed since the last call. */
  documents(): Promise<readonly ContentDocument[]>;
  /** Folder the dataset's image files are served from (images/ beside the NDJSON). */
  readonly imagesDir: string;
}

/**
 * The demo dataset ships in the server package's content/ folder. This module runs from
 * src/features/content (tsx, tests) and from the bundle in dist/, so the package root is
 * found by walking up to the nearest package.json rather than by a fixed depth or the cwd.
 */
export function defaultContentDatasetPath(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('The server package folder (with package.json) was not found');
    folder = parent;
  }
  return join(folder, 'content', 'posts.ndjson');
}

export function resolveContentDatasetPath(configured: string | undefined): string {
  return configured ? resolve(configured) : defaultContentDatasetPath();
}

function isDocument(value: unknown): value is ContentDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { _id, _type } = value as Record<string, unknown>;
  return typeof _id === 'string' && typeof _type === 'string';
}

export function parseNdjson(text: string, warn: (message: string) => void): ContentDocument[] {
  const documents: ContentDocument[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      warn(`Content dataset line ${index + 1} is not JSON; skipped`);
      return;
    }
    if (isDocument(value)) documents.push(value);
    else warn(`Content dataset line ${index + 1} is not a document with _id and _type; skipped`);
  });
  return documents;
}

/** Identifies a version of the file cheaply; a missing file is a version too (no documents). */
async function fileVersion(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.mtimeMs}:${info.size}:${info.ino}`;
  } catch {
    return 'missing';
  }
}

/**
 * Reads the NDJSON once and again only when its modification time, size or inode change,
 * so editing (or replacing) the file shows up on the next query without a restart.
 */
export function openContentDataset(file: string, warn: (message: string) => void): ContentDataset {
  let current: { version: string; documents: ContentDocument[] } | undefined;
  let loading: Promise<ContentDocument[]> | undefined;

  async function load(version: string): Promise<ContentDocument[]> {
    let documents: ContentDocument[] = [];
    if (version === 'missing') {
      warn(`Content dataset ${file} not found: news queries answer empty results`);
    } else {
      try {
        documents = parseNdjson(await readFile(file, 'utf8'), warn);
      } catch (error) {
        warn(`Content dataset ${file} could not be read: ${(error as Error).message}`);
      }
    }
    current = { version, documents };
    return documents;
  }

  return {
    imagesDir: join(dirname(file), 'images'),
    async documents() {
      const version = await fileVersion(file);
      if (current?.version === version) return current.documents;
      // Concurrent requests share one read.
      loading ??= load(version).finally(() => {
        loading = undefined;
      });
      return loading;
    },
  };
}
