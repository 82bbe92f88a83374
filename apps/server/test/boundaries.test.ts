import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const written: string[] = [];

/**
 * Lints a throwaway file placed where a contributor would put it, so the boundary rules see the
 * same paths they see in `npm run check`; returns the messages of the boundary rule.
 */
async function boundaryErrors(dir: string, source: string): Promise<string[]> {
  const file = path.join(root, dir, `boundary-fixture-${randomBytes(4).toString('hex')}.ts`);
  writeFileSync(file, source);
  written.push(file);
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle' || m.fatal)
    .map((m) => m.message);
}

afterAll(() => {
  for (const f of written) rmSync(f, { force: true });
});

// The first lint of each workspace builds its TypeScript program: slow on a busy machine.
describe('import boundaries (npm run check)', { timeout: 120_000 }, () => {
  it('refuses a lower server module importing a higher one', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/charge-points',
      "import { hasActiveSession } from '../sessions/sessions.repository.js';\nexport const x = hasActiveSession;\n",
    );
    expect(errors.join('\n')).toMatch(/charge-points module sits below/);
  });

  it('lets a higher server module import a lower one', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/sessions',
      "import { tariffFitsChargePoint } from '../tariffs/tariffs.repository.js';\nexport const x = tariffFitsChargePoint;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses an OCPP handler calling a repository', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/ocpp/v16/handlers',
      "import { recordBoot } from '../../../modules/charge-points/charge-points.repository.js';\nexport const x = recordBoot;\n",
    );
    expect(errors.join('\n')).toMatch(/calls services/);
  });

  it('refuses importing app.ts from anywhere but main.ts and tests', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/tariffs',
      "import type { App } from '../../app.js';\nexport type X = App;\n",
    );
    expect(errors.join('\n')).toMatch(/Only main\.ts and tests import app\.ts/);
  });

  it('refuses a portal feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/sessions/components',
      "import { DRIVER_ROUTES } from '../../drivers/routes';\nexport const x = DRIVER_ROUTES;\n",
    );
    expect(errors.join('\n')).toMatch(/A feature never imports another/);
  });

  it('lets a portal feature import the shared folders', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/sessions/components',
      "import { OcppLogView } from '../../../components/ocpp-log/ocpp-log-view';\nexport const x = OcppLogView;\n",
    );
    expect(errors).toEqual([]);
  });
});
