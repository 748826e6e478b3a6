import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best) beside each text file
 * of the build, so the server sends them as they are (@fastify/static, preCompressed) instead
 * of compressing every response. index.html is left out: the server writes each page's own.
 * Copies that would not be smaller are not written; small files get theirs too (code
 * splitting makes many chunks under 1 KB, which gzip still halves).
 */
export async function precompressFolder(folder: string): Promise<number> {
  let written = 0;
  for await (const path of filesUnder(folder)) {
    if (!COMPRESSIBLE.has(extname(path)) || path.endsWith('index.html')) continue;
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ]);
    if (br.length < content.length) {
      await writeFile(`${path}.br`, br);
      written += 1;
    }
    if (gz.length < content.length) {
      await writeFile(`${path}.gz`, gz);
      written += 1;
    }
  }
  return written;
}

/** The Vite plugin: precompresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'campus-elo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
