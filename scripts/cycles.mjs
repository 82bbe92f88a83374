// `npm run cycles` (part of `npm run check`): lists every import cycle in the workspaces and
// fails when there is one. Type-only imports count too: a cycle through types still ties two
// files together. The simulator is checked without its types for now (its command handlers
// name the Charger type they drive, which the charger's command table imports back).
import path from 'node:path';
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';

const root = path.resolve(import.meta.dirname, '..');
const parts = [
  { name: 'server', glob: 'apps/server/src/**/*.ts', transform: false },
  { name: 'portal', glob: 'apps/web/src/**/*.{ts,tsx}', transform: false },
  { name: 'contract', glob: 'packages/contract/src/**/*.ts', transform: false },
  { name: 'simulator', glob: 'apps/simulator/src/**/*.ts', transform: true },
];

let found = 0;
for (const part of parts) {
  const tree = await parseDependencyTree(part.glob, {
    context: root,
    transform: part.transform,
    skipDynamicImports: false,
    // Only the part's own files: the simulator is a package the server imports, checked on its own.
    include: new RegExp(`${part.glob.split('/**')[0].replace(/[/.]/g, '\\$&')}/`),
  });
  const circulars = parseCircular(tree);
  found += circulars.length;
  console.log(
    `${part.name}: ${circulars.length === 0 ? 'no import cycle' : `${circulars.length} import cycle(s)`}`,
  );
  if (circulars.length > 0) console.log(prettyCircular(circulars, '  '));
}
process.exit(found === 0 ? 0 : 1);
