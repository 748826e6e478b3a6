// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

describe('precompressing the build', () => {
  const dist = mkdtempSync(join(tmpdir(), 'precompress-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text files that compress, however small, and nothing else', async () => {
    mkdirSync(join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('a league of teams '.repeat(200))});`;
    writeFileSync(join(dist, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc.css'), `.a{color:red}\n`.repeat(200));
    writeFileSync(join(dist, 'assets', 'small-chunk.js'), `export const teams = ${JSON.stringify('team '.repeat(100))};`);
    writeFileSync(join(dist, 'assets', 'tiny.js'), 'console.log(1);');
    writeFileSync(join(dist, 'assets', 'photo.webp'), Buffer.alloc(4096, 7));
    writeFileSync(join(dist, 'index.html'), `<html>${' '.repeat(4096)}</html>`);

    expect(await precompressFolder(dist)).toBe(6);
    const js = join(dist, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(existsSync(join(dist, 'assets', 'index-abc.css.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'small-chunk.js.gz'))).toBe(true);
    for (const skipped of ['assets/tiny.js.br', 'assets/photo.webp.br', 'index.html.br', 'index.html.gz']) expect(existsSync(join(dist, skipped)), skipped).toBe(false);
  });
});
