import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const guide = readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');

const TOP_FOLDERS = /^(apps|packages|e2e|bench|docs|scripts|eslint|\.ci)\//;
// Files at the root are named bare: upper-case documents (README.md, LICENSE) and config files.
const ROOT_FILE = /^([A-Z][A-Z0-9_-]*(\.md)?|[\w.-]+\.(json|js|mjs))$/;
// Written as `apps/server/src/modules/<domain>/` or `{en,tr}`: a shape, not a file.
const PLACEHOLDER = /[<{*]/;
// What a build or a run makes (the built portal, the embedded database): absent from a fresh clone.
const BUILT = /(^|\/)(dist|data|node_modules)(\/|$)/;

/** Repository paths the text names in backticks or as relative Markdown links. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g), ...text.matchAll(/\]\(([^)\s]+)\)/g)].map(
    (m) => m[1] ?? '',
  );
  const paths = spans
    .filter((s) => !/\s/.test(s) && !PLACEHOLDER.test(s) && !/^[a-z]+:/.test(s))
    .map((s) => s.replace(/\/$/, ''))
    .filter((s) => TOP_FOLDERS.test(s) || s === '.ci' || (!s.includes('/') && ROOT_FILE.test(s)))
    // Environment variables look like upper-case root files; a file name has a dot or is LICENSE.
    .filter((s) => s.includes('/') || s.includes('.') || s === 'LICENSE')
    .filter((s) => !BUILT.test(s));
  return [...new Set(paths)];
}

function missingPaths(text: string): string[] {
  return namedPaths(text).filter((p) => !existsSync(path.join(root, p)));
}

function scriptsOf(dir: string): Record<string, string> {
  const file = path.join(root, dir, 'package.json');
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

/** `npm run X` (or `npm run X -w workspace`), `npm test` and `npm start` the text names. */
function namedScripts(text: string): { script: string; workspace: string }[] {
  const found = [...text.matchAll(/npm (?:run ([^\s`]+)|(test|start)\b)(?: -w ([^\s`]+))?/g)].map((m) => ({
    script: m[1] ?? m[2] ?? '',
    workspace: m[3] ?? '.',
  }));
  return found.filter((s) => !PLACEHOLDER.test(s.script));
}

function unknownScripts(text: string): string[] {
  return namedScripts(text)
    .filter(({ script, workspace }) => !(script in scriptsOf(workspace)))
    .map(({ script, workspace }) => (workspace === '.' ? script : `${script} -w ${workspace}`));
}

describe('CONTRIBUTING.md', () => {
  it('names only files that exist', () => {
    expect(namedPaths(guide).length).toBeGreaterThan(40);
    expect(missingPaths(guide), 'paths named in CONTRIBUTING.md that do not exist').toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    expect(namedScripts(guide).length).toBeGreaterThan(10);
    expect(unknownScripts(guide), 'npm scripts named in CONTRIBUTING.md that do not exist').toEqual([]);
  });

  it('points to the import boundaries, the checks and CI it describes', () => {
    for (const p of ['eslint/boundaries.js', 'scripts/cycles.mjs', '.ci/run', 'SECURITY.md', 'LICENSE']) {
      expect(namedPaths(guide)).toContain(p);
    }
  });

  it('would catch a renamed file or script', () => {
    const edited = `${guide}\nSee \`apps/server/src/no-such-file.ts\`, \`NO-SUCH.md\` and run \`npm run no-such-script\` or \`npm run typecheck -w apps/nowhere\`.\n`;
    expect(missingPaths(edited)).toEqual(['apps/server/src/no-such-file.ts', 'NO-SUCH.md']);
    expect(unknownScripts(edited)).toEqual(['no-such-script', 'typecheck -w apps/nowhere']);
  });

  it('ignores placeholders, addresses and environment variables', () => {
    const text =
      '`apps/server/src/modules/<domain>/`, `apps/web/public/locales/{en,tr}/`, `drizzle/*.sql`, ' +
      '<http://localhost:3000>, `/usr/bin/chromium`, `TEST_DATABASE_URL`, `npm run bench:<name>`';
    expect(namedPaths(text)).toEqual([]);
    expect(namedScripts(text)).toEqual([]);
  });
});
