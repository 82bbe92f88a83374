import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadPaymentConfig, type PaymentConfig } from './config.payments.js';
import { ftpEnv, loadFtp, type FtpConfig } from './config.files.js';
import { loadCa, loadTls, tlsEnv, type CaConfig, type TlsConfig } from './config.tls.js';

export type { CaConfig, TlsConfig } from './config.tls.js';
export type { FtpConfig } from './config.files.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable Voltline reads. Keep README.md's configuration table in step. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Seconds an unused pool connection stays open (0: until the process ends). */
  DATABASE_POOL_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  TOKEN_REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  RESET_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Voltline <no-reply@voltline.local>'),
  ADMIN_EMAIL: z.email().default('admin@voltline.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: bool.default(true),
  /** Days of past sessions, payments and connections the demo network starts with (0: none). */
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(90).default(14),
  SIMULATE: z
    .string()
    .regex(/^(true|false|\d+)$/, 'must be true, false or a number of chargers')
    .default('true'),
  DEFAULT_LOCALE: z.enum(['en', 'tr']).default('en'),
  REGISTRATION_ENABLED: bool.default(true),
  MAP_TILE_URL: z
    .string()
    .refine(
      (v) => v === 'none' || (/^https?:\/\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      'must be none or an http(s) URL with {z}, {x} and {y}',
    )
    .default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(10_000).default(30),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests a minute each API key may make, counted per key rather than per address. */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  CORS_ORIGIN: z.string().optional(),
  /**
   * Which `X-Forwarded-For` hops to believe: `false`; a number of proxies in front (the client is
   * that many hops from the right); the proxies' addresses or CIDRs, comma-separated; or `true`,
   * every hop (then a client can name any address it likes: only behind a proxy that overwrites it).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      const t = v.trim().toLowerCase();
      if (t === 'true' || t === 'yes') return true;
      if (['false', '0', 'no', ''].includes(t)) return false;
      if (/^\d+$/.test(t)) return Number(t);
      const list = t
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.every((x) => isIP(x.split('/')[0] ?? '') !== 0)) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY: true, false, a number of proxies, or their addresses',
      });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  ...tlsEnv,
  NODE_ID: z.string().min(1).max(100).optional(),
  /** NATS server(s) of a cluster, comma-separated (nats://host:4222): commands reach chargers held by other processes. */
  NATS_URL: z
    .string()
    .regex(
      /^(nats|tls|wss?):\/\/[^\s,]+(,(nats|tls|wss?):\/\/[^\s,]+)*$/,
      'must be nats:// URLs, comma-separated',
    )
    .optional(),
  /** The first token of every NATS subject Voltline uses: networks sharing one NATS keep apart. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be letters, digits, - or _')
    .default('voltline'),
  /** A process silent this long (killed, frozen, cut off) is gone; its chargers are shown offline. */
  CLUSTER_NODE_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
  /** `GET /metrics` on the main port needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `GET /metrics` on a port of its own (no token needed there), e.g. one only the scraper reaches. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OCPP_CALL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * After a charger accepts a remote start, how long Voltline waits for it to start a session (or
   * for the card to be refused) before the portal says it did not (OCPP 1.6 ConnectionTimeOut is
   * commonly 30 to 60 seconds).
   */
  REMOTE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(90),
  /**
   * How long a StopTransaction is retried, with growing pauses, while the database is unavailable,
   * before the charger is answered InternalError (it then sends the Stop again). Keep it below
   * the chargers' own call time-out.
   */
  OCPP_STOP_RETRY_SECONDS: z.coerce.number().int().min(0).max(300).default(20),
  OCPP_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Unknown chargers (an id no operator has) are held as pending for an Admin to approve into an
   * operator; false (the default): their handshake is refused (404). Never placed in an operator.
   */
  OCPP_PENDING_CHARGERS: bool.default(false),
  /** Handshakes with unknown ids one address may make a minute; past it they are refused, not recorded. */
  OCPP_UNKNOWN_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
  /** Unknown chargers held as pending at most at once; a new id past it is refused (429), not stored. */
  OCPP_PENDING_CHARGERS_MAX: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Limits of one charger's connection (see docs/operations.md, "OCPP limits"). */
  OCPP_MAX_FRAME_BYTES: z.coerce.number().int().min(4096).max(16_777_216).default(65_536),
  OCPP_MAX_PENDING_CALLS: z.coerce.number().int().min(1).max(1000).default(10),
  OCPP_FLOOD_CLOSE_AFTER: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** The most of one frame the message log keeps (and a log page returns); the rest is counted and hashed. */
  OCPP_LOG_FRAME_BYTES: z.coerce.number().int().min(256).max(1_048_576).default(16_384),
  SESSION_STALE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  ...ftpEnv,
  /**
   * Plug & Charge (ISO 15118): the PKI/OCSP provider chargers' EV-certificate, OCSP and contract
   * questions go to (see pnc-provider.ts); without it they are answered as "not available".
   */
  PNC_PROVIDER_URL: z.url().optional(),
  PNC_PROVIDER_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PNC_PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /** The largest firmware image staff may upload (at most the contract's FIRMWARE_MAX_BYTES, 256 MiB). */
  FIRMWARE_MAX_MB: z.coerce.number().int().min(1).max(256).default(256),
  /** Minutes a charger has, after its last download retry, to install and report before it is timed out. */
  FIRMWARE_INSTALL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** Integration events older than this are deleted (hourly), unless a delivery of theirs is still pending. */
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Webhooks may point at loopback and private addresses (and use plain http there): for a receiver
   * on the same machine or network. Off by default, so a portal user cannot make the server call
   * into its own network (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** How long a webhook receiver has to answer a delivery. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /** How often each process looks for new events and due deliveries. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Finished webhook deliveries (delivered or given up) older than this are deleted with their tries (hourly). */
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Roaming (OCPI 2.2.1, issue #31): Voltline's own party as a charge point operator, the name it
   * gives partners, and how long an invitation's token A works.
   */
  OCPI_COUNTRY_CODE: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as TR')
    .default('TR'),
  OCPI_PARTY_ID: z
    .string()
    .regex(/^[A-Z0-9]{3}$/, 'must be three letters or digits such as VLT')
    .default('VLT'),
  OCPI_BUSINESS_NAME: z.string().min(1).max(100).default('Voltline'),
  OCPI_TOKEN_A_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** How long a roaming partner has to answer one call. */
  OCPI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  /** How long an eMSP has to answer a real-time authorization while the charger waits. */
  OCPI_AUTHORIZE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(5),
  /**
   * Roaming partners may be on loopback and private addresses (and plain http there): for a partner
   * on the same machine or network. Off by default (SSRF), as for webhooks.
   */
  OCPI_ALLOW_PRIVATE: bool.default(false),
  /** Requests one address may make to the open-data routes (/api/public/…) a minute. */
  OPEN_DATA_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Requests one address (a roaming partner's) may make to /ocpi a minute. */
  OCPI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = Env & {
  DATA_DIR: string;
  JWT_SECRET: string;
  PUBLIC_URL: string;
  ADMIN_PASSWORD: string;
  adminPasswordIsDemo: boolean;
  simulateChargers: number;
  webDist: string;
  nodeId: string;
  tls: TlsConfig | null;
  ca: CaConfig;
  ftp: FtpConfig;
  payments: PaymentConfig;
};

export const DEMO_PASSWORD = 'voltline-demo1';

export class ConfigError extends Error {}

/** Reads and validates configuration once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NATS_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  NATS_URL needs DATABASE_URL: the processes of a cluster share one PostgreSQL',
    );
  }
  if (e.NATS_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  NATS_URL needs JWT_SECRET: every process of a cluster must accept the tokens the others sign',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const simulate = e.SIMULATE === 'true' ? 5 : e.SIMULATE === 'false' ? 0 : Number(e.SIMULATE);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const jwtSecret = e.JWT_SECRET ?? persistentSecret(dataDir);
  return {
    ...e,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: publicUrl,
    ADMIN_PASSWORD: e.ADMIN_PASSWORD ?? DEMO_PASSWORD,
    adminPasswordIsDemo: e.ADMIN_PASSWORD === undefined,
    simulateChargers: e.SEED_DEMO ? simulate : 0,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    nodeId: e.NODE_ID ?? `${os.hostname()}:${e.PORT}`,
    tls: loadTls(e, (message) => new ConfigError(message)),
    ca: loadCa(e, dataDir, jwtSecret, (message) => new ConfigError(message)),
    ftp: loadFtp(e, publicUrl),
    payments: loadPaymentConfig(clean, (message) => new ConfigError(message)),
  };
}

/** A JWT secret generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
