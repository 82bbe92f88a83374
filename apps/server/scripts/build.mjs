// Compiles the server into one JavaScript module, apps/server/dist/main.js, which `npm start`
// runs with plain Node.js: no TypeScript loader at start or at run time. Voltline's own
// workspaces (contract, simulator) are compiled in; every other package stays in node_modules
// and is imported from there as before.
//
// `--outfile <file>` writes it elsewhere (the browser tests' private copy); the file must sit one
// folder below apps/server, as src/ and dist/ do, for the paths the server finds from its own
// location (migrations, the portal build, package.json).
import { build } from 'esbuild';
import path from 'node:path';
import { parseArgs } from 'node:util';

const server = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = path.resolve(values.outfile ?? path.join(server, 'dist/main.js'));

/** Packages from node_modules are imported at run time; Voltline's workspaces are compiled in. */
const dependenciesStayExternal = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@voltline/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Class and function names stay as written: logs and error names read the same as in the source.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  tsconfig: path.join(server, 'tsconfig.json'),
  plugins: [dependenciesStayExternal],
});
console.log(`server compiled to ${path.relative(process.cwd(), outfile)} in ${Date.now() - started} ms`);
