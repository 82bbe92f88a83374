import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, SCREENSHOTS, WEB_DIST } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built portal the test servers serve (WEB_DIST). */
    webDist: string;
    /** An embedded database with every migration applied, copied into each test server's data directory. */
    databaseTemplate: string;
    /** The compiled server (apps/server/scripts/build.mjs) the test servers run, as `npm start` does. */
    serverMain: string;
  }
}

/**
 * Creates the embedded database once and migrates it, in a child process: a new PGlite cluster
 * and its migrations took 15–40 s of every browser test file's server start; a copy takes 1 s.
 */
function createDatabaseTemplate(dir: string): Promise<void> {
  const script = `
    const { openPglite } = await import('./apps/server/src/db/client.ts');
    const database = await openPglite({ dataDir: ${JSON.stringify(join(dir, 'pglite'))} });
    await database.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the database template failed (exit ${code})`)),
    );
  });
}

/**
 * Builds the portal once per run into a private directory, so runs started by other engineers
 * at the same time cannot empty it under our servers (E2E_SKIP_BUILD=1 reuses apps/web/dist),
 * and prepares the database template alongside.
 */
export default async function setup({ provide }: TestProject): Promise<() => void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const templateDir = mkdtempSync(join(tmpdir(), 'voltline-e2e-db-'));
  const template = createDatabaseTemplate(templateDir);
  const cleanups = [() => rmSync(templateDir, { recursive: true, force: true })];
  const cleanup = () => cleanups.forEach((fn) => fn());
  try {
    if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(WEB_DIST, 'index.html'))) {
      provide('webDist', WEB_DIST);
    } else {
      const outDir = mkdtempSync(join(tmpdir(), 'voltline-e2e-web-'));
      cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
      // Vitest sets NODE_ENV=test, which would make Vite emit a development build of React.
      execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: join(ROOT, 'apps', 'web'),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      provide('webDist', outDir);
    }
    // The server is compiled once per run, as `npm start` runs it, into a folder of this run's own.
    const serverDir = mkdtempSync(join(ROOT, 'apps', 'server', '.e2e-build-'));
    cleanups.push(() => rmSync(serverDir, { recursive: true, force: true }));
    execFileSync(
      process.execPath,
      ['apps/server/scripts/build.mjs', '--outfile', join(serverDir, 'main.js')],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    provide('serverMain', join(serverDir, 'main.js'));
    await template;
    provide('databaseTemplate', join(templateDir, 'pglite'));
  } catch (err) {
    await template.catch(() => undefined);
    cleanup();
    throw err;
  }
  return cleanup;
}
