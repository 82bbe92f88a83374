import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, SCREENSHOTS, WEB_DIST } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built portal the test servers serve (WEB_DIST). */
    webDist: string;
  }
}

/**
 * Builds the portal once per run into a private directory, so runs started by other engineers
 * at the same time cannot empty it under our servers (E2E_SKIP_BUILD=1 reuses apps/web/dist).
 */
export default function setup({ provide }: TestProject): (() => void) | undefined {
  mkdirSync(SCREENSHOTS, { recursive: true });
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(WEB_DIST, 'index.html'))) {
    provide('webDist', WEB_DIST);
    return undefined;
  }
  const outDir = mkdtempSync(join(tmpdir(), 'voltline-e2e-web-'));
  // Vitest sets NODE_ENV=test, which would make Vite emit a development build of React.
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(ROOT, 'apps', 'web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  provide('webDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
