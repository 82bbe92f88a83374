import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/i;
/** Below this, the headers cost more than the compression saves. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(p);
    else yield p;
  }
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, at
 * build time; the server sends the one the browser accepts (@fastify/static `preCompressed`),
 * so no request pays for compression. A copy that would not be smaller is not written.
 */
export function writeCompressedCopies(dist: string): { files: number; raw: number; brotli: number } {
  const totals = { files: 0, raw: 0, brotli: 0 };
  for (const file of filesUnder(dist)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.brotli += Math.min(br.length, raw.length);
  }
  return totals;
}

/** The Vite plugin: compresses the finished build (public files included) when it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'voltline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const t = writeCompressedCopies(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(`precompressed ${t.files} files: ${kb(t.raw)} → ${kb(t.brotli)} brotli`);
    },
  };
}
