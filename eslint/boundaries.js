// The house's import boundaries, enforced by `npm run check` (import-x/no-restricted-paths resolves
// every import to its file, so relative paths, `.js` suffixes and type imports are all caught).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = path.resolve(import.meta.dirname, '..');
const server = 'apps/server/src';
const web = 'apps/web/src';

/**
 * Server modules from the bottom up: a module may import the ones before it, never one after.
 * A lower module learns about a higher one through a narrow function handed in by services.ts.
 * Modules on one line share a level and do not import each other.
 */
export const SERVER_LAYERS = [
  ['audit'],
  // Integration events: every module records what happened in its own transaction (appendEvent).
  ['events'],
  // Payment providers (Stripe, iyzico, the sandbox): adapters at the edge that import no module; the
  // ad-hoc payment flow in sessions and payments uses them.
  ['payment-providers'],
  ['auth'],
  ['operators'],
  ['users'],
  ['charge-points'],
  ['maintenance'],
  ['files'],
  ['tariffs'],
  ['drivers'],
  ['sessions'],
  ['payments'],
  // Receipts and monthly statements: billed sessions (sessions) priced by their tariff (tariffs).
  ['receipts'],
  // QR payment stickers of a charge point's connectors (issue #30), in the receipts' fonts.
  ['stickers'],
  // Ad-hoc payment (issue #30): a stranger's hold, the charge it starts (commands handed in by
  // services.ts), the capture at its end and the receipt mailed.
  ['adhoc'],
  ['analytics'],
  // Uptime as regulators count it (issue #33): the analytics' connection spans, exclusions audited.
  ['uptime'],
  // What each 2.0.1 charger holds on its display; the commands keep it from their answers.
  ['display-messages'],
  ['commands', 'ocpp-logs', 'health'],
  // Diagnostics prepares the commands' GetDiagnostics (commands.service.ts: DiagnosticsPreparer).
  ['diagnostics'],
  ['firmware'],
  // Security profiles, Voltline's CA, chargers' certificates and security events. It prepares the
  // commands' SecurityProfile change and certificate calls (handed to commands by services.ts).
  ['security'],
  // The OCPP 2.0.1 device model: sends through the commands (sendRecorded, handed in by services.ts).
  ['device-model'],
  // OCPP 2.0.1 monitors: read the device model's charger scope and report rules, send through the commands.
  ['monitoring'],
  // Bookings send ReserveNow/CancelReservation through the commands (handed in by services.ts) and
  // hand sessions the narrow BookingStarts a StartTransaction uses.
  ['bookings'],
  // Data-protection requests (N09/N10) about drivers: send through the commands (handed in by
  // services.ts), with the bookings' recorded-send type.
  ['customer-information'],
  // What chargers say of their limits (K09, K12–K17); the balancer reads the limits, and whether a
  // charger is balanced is handed in by services.ts.
  ['charger-limits'],
  // Smart-charging groups and their balancer; they send through the commands (handed in by services.ts).
  ['smart-charging'],
  // API keys (issue #32): made for an operator in reach (operators), audited (audit).
  ['api-keys'],
  // Bulk actions on the lists: each row through the single-row services of the modules below.
  ['bulk'],
  // Webhooks: deliveries of the events to operators' endpoints, sent by a worker in every process.
  ['webhooks'],
  // Alerts (issue #33): rules over chargers' state raise grouped alerts, mailed and told as events.
  ['alerts'],
  // The header's search reads every kind of record, each in its own query (issue #34).
  ['search'],
  // Roaming (OCPI, issue #31): an adapter at the edge; Voltline's network as OCPI objects for
  // partners and as open data (AFIR), partner calls guarded as webhooks' are.
  ['roaming'],
];

const dirs = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

function serverZones() {
  const present = dirs(`${server}/modules`);
  const layered = SERVER_LAYERS.flat();
  const unplaced = present.filter((m) => !layered.includes(m));
  if (unplaced.length > 0) {
    throw new Error(
      `eslint/boundaries.js: place the server module(s) ${unplaced.join(', ')} in SERVER_LAYERS`,
    );
  }
  const zones = [];
  SERVER_LAYERS.forEach((level, i) => {
    const above = SERVER_LAYERS.slice(i).flat();
    for (const m of level) {
      const forbidden = above.filter((o) => o !== m);
      if (forbidden.length === 0) continue;
      zones.push({
        target: `${server}/modules/${m}`,
        from: forbidden.map((o) => `${server}/modules/${o}`),
        message: `The ${m} module sits below these in SERVER_LAYERS (eslint/boundaries.js): take a narrow function from services.ts instead.`,
      });
    }
  });
  zones.push(
    {
      target: `${server}/**/!(main).ts`,
      from: `${server}/app.ts`,
      message: 'Only main.ts and tests import app.ts; routes take the App type from lib/app-type.ts.',
    },
    {
      target: [`${server}/lib`, `${server}/db`],
      from: [
        `${server}/modules`,
        `${server}/ocpp`,
        `${server}/plugins`,
        `${server}/services.ts`,
        `${server}/seed`,
      ],
      message: 'lib/ and db/ are the foundation: they import no module, OCPP code or wiring.',
    },
    {
      // Tests may use the OCPP helpers (e.g. to make a simulated charger answer a CALLERROR).
      target: `${server}/modules/**/!(*.test).ts`,
      from: [
        `${server}/ocpp/!(gateway).ts`,
        `${server}/ocpp/v16/**`,
        `${server}/plugins/**`,
        `${server}/service[s].ts`,
      ],
      message:
        'Modules do not reach up into the OCPP endpoint or the wiring (the command gateway interface is the one exception).',
    },
    {
      target: `${server}/ocpp/**`,
      from: `${server}/modules/**/*.repository.ts`,
      message: 'The OCPP layer calls services (e.g. charge-points.ocpp.ts), never a repository.',
    },
  );
  return zones;
}

/**
 * A portal feature imports the shared folders (components/, lib/, api/, hooks/, stores/, config/)
 * and never another feature; the shared folders import no feature. Only app/ and config/ (the
 * route table) put features together.
 */
function webZones() {
  const features = dirs(`${web}/features`);
  return [
    ...features.map((f) => ({
      target: `${web}/features/${f}/**`,
      from: features.filter((o) => o !== f).map((o) => `${web}/features/${o}/**`),
      message: `A feature never imports another; move what ${f} needs to components/, lib/, api/, hooks/, stores/ or config/.`,
    })),
    {
      target: [`${web}/components`, `${web}/lib`, `${web}/api`, `${web}/hooks`, `${web}/stores`],
      from: `${web}/features`,
      message: 'Shared folders import no feature; the feature imports them.',
    },
  ];
}

const resolver = createTypeScriptImportResolver({
  project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
  alwaysTryTypes: true,
  noWarnOnMultipleProjects: true,
});

export const boundaries = [
  {
    files: [`${server}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
