import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FleetOptions } from './fleet.js';
import type { IdTokenType } from './options.js';

export const HELP = `Voltline charger simulator: a fleet of OCPP 1.6J and 2.0.1 chargers.

Usage: npm run simulate -- [options]

  --url <ws-url>          central system base URL; the charger id is appended (default ws://localhost:3000/ocpp)
  --chargers <n>          number of chargers (default 1)
  --prefix <text>         charger id prefix: SIM-0001, SIM-0002, ... (default SIM-)
  --start <n>             number of the first charger (default 1)
  --ocpp <version>        protocol of the fleet: 1.6 (default) or 2.0.1 (subprotocol ocpp2.0.1)
  --ocpp-mix <p>          share of the fleet that speaks 2.0.1, the rest 1.6, chosen by charger number
                          (0.5 = every second charger; overrides --ocpp)
  --id-token-type <type>  2.0.1: IdTokenType of the drivers' cards (default ISO14443)
  --plug-in-first <p>     2.0.1: share of automatic sessions where the cable comes before the card
                          (the idToken follows on an Updated event; default 0)
  --clock-offset <s>      2.0.1: seconds the chargers' clocks are off (behind: --clock-offset=-90; default 0)
  --connectors <n>        connectors per charger (2.0.1: EVSEs of one connector each; default 2)
  --max-power <W>         maximum power per connector in W (default 22000; above 43000 = DC)
  --password <text>       HTTP Basic auth password for every charger (security profile 1)
  --passwords <file>      per-charger passwords: JSON {"SIM-0001": "secret"} or CSV lines "SIM-0001,secret"
  --auth-user <name>      Basic auth user name to send instead of the charger id
  --rfid <a,b,c>          idTags drivers use for automatic sessions (default DEMO-TAG-1,DEMO-TAG-2)
  --session-rate <p>      chance per idle connector per simulated minute that a driver arrives (default 0.05)
  --fault-rate <p>        chance per connector per simulated hour of a fault (default 0.01)
  --no-sessions           no automatic sessions (chargers only boot, heartbeat and answer commands)
  --shared-cards <p>      share of automatic sessions started with a card another charger is using
                          at that moment (the central system should answer ConcurrentTx; default 0)
  --revoked-rfid <a,b>    cards the central system refuses that the chargers' outdated local list still
                          accepts: started on without Authorize (LocalPreAuthorize), refused at StartTransaction
  --revoked-share <p>     share of automatic sessions started with a --revoked-rfid card (default 0)
  --ignore-invalid-id     keep charging when StartTransaction refuses the card: StopTransactionOnInvalidId=false
                          and MaxEnergyOnInvalidId=1000000000 (the OCPP default stops at once, DeAuthorized)
  --reject-profiles       answer every SetChargingProfile Rejected (smart charging switched off)
  --resend-start <p>      share of StartTransactions whose answer is lost with the connection: the charger
                          reconnects and sends the same StartTransaction again (default 0)
  --config <key=value>    an OCPP configuration key's initial value (repeatable), e.g. --config LocalPreAuthorize=true
  --speed <x>             time multiplier for intervals and energy (default 1)
  --meter-interval <s>    MeterValueSampleInterval in seconds (default 60)
  --vendor <text>         chargePointVendor (default Voltline)
  --model <text>          chargePointModel (default SimCharger 22)
  --firmware <text>       firmware version (default 1.0.0)
  --concurrency <n>       chargers connecting at the same time (default 100)
  --summary <s>           seconds between summary lines (default 5; 0 = none)
  --verbose               log connection problems
  -h, --help              this help
`;

export interface CliConfig {
  fleet: FleetOptions;
  summaryEvery: number;
  verbose: boolean;
}

function num(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`--${name} must be a non-negative number, got "${value}"`);
  return n;
}

function share(value: string | undefined, name: string): number {
  const n = num(value, name, 0);
  if (n > 1) throw new Error(`--${name} is a share between 0 and 1, got "${value}"`);
  return n;
}

/** JSON object or CSV "id,password" lines. */
export function readPasswords(file: string): Record<string, string> {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) throw new Error(`${file}: expected a JSON object`);
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const [id, password] = line.split(',').map((s) => s.trim());
    if (id && password && id !== 'id') out[id] = password;
  }
  return out;
}

const ID_TOKEN_TYPES: readonly IdTokenType[] = [
  'Central',
  'eMAID',
  'ISO14443',
  'ISO15693',
  'KeyCode',
  'Local',
  'MacAddress',
  'NoAuthorization',
];

/** --ocpp, --ocpp-mix and the 2.0.1 stations' options. */
function protocolOptions(v: Record<string, string | boolean | string[] | undefined>): Partial<FleetOptions> {
  const text = (name: string) => (typeof v[name] === 'string' ? v[name] : undefined);
  const out: Partial<FleetOptions> = {};
  const ocpp = text('ocpp');
  if (ocpp !== undefined) {
    if (ocpp !== '1.6' && ocpp !== '2.0.1') throw new Error(`--ocpp is 1.6 or 2.0.1, got "${ocpp}"`);
    out.ocpp = ocpp;
  }
  if (text('ocpp-mix') !== undefined) out.ocppMix = share(text('ocpp-mix'), 'ocpp-mix');
  const type = text('id-token-type');
  if (type !== undefined) {
    const known = ID_TOKEN_TYPES.find((t) => t === type);
    if (!known) throw new Error(`--id-token-type is one of ${ID_TOKEN_TYPES.join(', ')}, got "${type}"`);
    out.idTokenType = known;
  }
  if (text('plug-in-first') !== undefined) out.plugInFirst = share(text('plug-in-first'), 'plug-in-first');
  const offset = text('clock-offset');
  if (offset !== undefined) {
    const n = Number(offset);
    if (!Number.isFinite(n)) throw new Error(`--clock-offset must be a number of seconds, got "${offset}"`);
    out.clockOffsetS = n;
  }
  return out;
}

/** Parses argv; returns undefined when help was asked for. */
export function parseCli(argv: string[]): CliConfig | undefined {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    options: {
      url: { type: 'string' },
      chargers: { type: 'string' },
      prefix: { type: 'string' },
      start: { type: 'string' },
      connectors: { type: 'string' },
      ocpp: { type: 'string' },
      'ocpp-mix': { type: 'string' },
      'id-token-type': { type: 'string' },
      'plug-in-first': { type: 'string' },
      'clock-offset': { type: 'string' },
      'max-power': { type: 'string' },
      password: { type: 'string' },
      passwords: { type: 'string' },
      'auth-user': { type: 'string' },
      rfid: { type: 'string' },
      'session-rate': { type: 'string' },
      'fault-rate': { type: 'string' },
      'no-sessions': { type: 'boolean' },
      'shared-cards': { type: 'string' },
      'revoked-rfid': { type: 'string' },
      'revoked-share': { type: 'string' },
      'ignore-invalid-id': { type: 'boolean' },
      'reject-profiles': { type: 'boolean' },
      'resend-start': { type: 'string' },
      config: { type: 'string', multiple: true },
      speed: { type: 'string' },
      'meter-interval': { type: 'string' },
      vendor: { type: 'string' },
      model: { type: 'string' },
      firmware: { type: 'string' },
      concurrency: { type: 'string' },
      summary: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) return undefined;
  const speed = num(v.speed, 'speed', 1);
  if (speed <= 0) throw new Error('--speed must be positive');
  const config: Record<string, string> = {
    MeterValueSampleInterval: String(Math.floor(num(v['meter-interval'], 'meter-interval', 60))),
  };
  if (v['ignore-invalid-id']) {
    config.StopTransactionOnInvalidId = 'false';
    config.MaxEnergyOnInvalidId = '1000000000';
  }
  for (const pair of v.config ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`--config expects key=value, got "${pair}"`);
    config[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  const list = (text: string | undefined) =>
    (text ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  const fleet: FleetOptions = {
    url: v.url ?? 'ws://localhost:3000/ocpp',
    count: Math.floor(num(v.chargers, 'chargers', 1)),
    prefix: v.prefix ?? 'SIM-',
    startIndex: Math.floor(num(v.start, 'start', 1)),
    connectors: Math.max(1, Math.floor(num(v.connectors, 'connectors', 2))),
    maxPower: num(v['max-power'], 'max-power', 22_000),
    idTags: list(v.rfid ?? 'DEMO-TAG-1,DEMO-TAG-2'),
    autoSessions: !v['no-sessions'],
    sessionProbability: num(v['session-rate'], 'session-rate', 0.05),
    faultProbability: num(v['fault-rate'], 'fault-rate', 0.01),
    sharedCardShare: share(v['shared-cards'], 'shared-cards'),
    revokedIdTags: list(v['revoked-rfid']),
    revokedCardShare: share(v['revoked-share'], 'revoked-share'),
    resendStartOnReconnect: share(v['resend-start'], 'resend-start'),
    speed,
    config,
    connectConcurrency: Math.max(1, Math.floor(num(v.concurrency, 'concurrency', 100))),
  };
  if (v.passwords) fleet.passwords = readPasswords(v.passwords);
  else if (v.password !== undefined) fleet.passwords = v.password;
  if (v['reject-profiles']) fleet.rejectChargingProfiles = true;
  if (v['auth-user']) fleet.basicAuthUser = v['auth-user'];
  Object.assign(fleet, protocolOptions(v));
  if (v.vendor) fleet.vendor = v.vendor;
  if (v.model) fleet.model = v.model;
  if (v.firmware) fleet.firmware = v.firmware;
  return { fleet, summaryEvery: num(v.summary, 'summary', 5), verbose: v.verbose ?? false };
}
