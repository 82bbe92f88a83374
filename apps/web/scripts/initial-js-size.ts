// Gzip size of the JavaScript a first visit to the sign-in page downloads: the entry chunk, the
// sign-in screen chunk and everything they import statically. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

type Manifest = Record<string, { file: string; imports?: string[] }>;

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const roots = ['index.html', 'src/features/auth/pages/login-page.tsx'];
const seen = new Set<string>();
const visit = (key: string): void => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
};
roots.forEach(visit);

const rows: [string, number][] = [];
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  rows.push([file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length]);
}
rows.sort((a, b) => b[1] - a[1]);
const total = rows.reduce((sum, [, size]) => sum + size, 0);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
for (const [file, size] of rows) console.log(`${kb(size)} KB  ${file}`);
console.log(`${kb(total)} KB  total (gzip) of the sign-in page's initial JavaScript`);
