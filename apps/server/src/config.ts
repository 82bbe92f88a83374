import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

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
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  CORS_ORIGIN: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  NODE_ID: z.string().min(1).max(100).optional(),
  OCPP_CALL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  OCPP_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SESSION_STALE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** The built-in FTP server for chargers' files: a port, 0 for any free port, or off. */
  FTP_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'must be a port number or off')
    .refine((v) => v === 'off' || Number(v) <= 65535, 'must be a port number or off')
    .default('2121'),
  FTP_PASV_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'must be a port range such as 30000-30100')
    .refine((v) => {
      const [min = 0, max = 0] = v.split('-').map(Number);
      return min >= 1024 && min <= max && max <= 65535;
    }, 'must be a range of ports from 1024 to 65535, the lower first')
    .optional(),
  FTP_PUBLIC_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'must be a host name or an IP address')
    .optional(),
  FTP_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(100_000).default(100),
  /** The largest firmware image staff may upload (at most the contract's FIRMWARE_MAX_BYTES, 256 MiB). */
  FIRMWARE_MAX_MB: z.coerce.number().int().min(1).max(256).default(256),
  /** Minutes a charger has, after its last download retry, to install and report before it is timed out. */
  FIRMWARE_INSTALL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
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
  tls: { cert: Buffer; key: Buffer } | null;
  ftp: FtpConfig;
};

/** The built-in file service's FTP side, from FTP_PORT, FTP_PASV_PORTS, FTP_PUBLIC_HOST, FTP_MAX_UPLOAD_MB. */
export interface FtpConfig {
  /** null: FTP is off. 0: any free port (tests). */
  port: number | null;
  /** Passive data ports; null: any free port the system gives. */
  passive: { min: number; max: number } | null;
  /** The address chargers are told, in FTP URLs and passive replies. */
  publicHost: string;
  maxUploadBytes: number;
}

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
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const simulate = e.SIMULATE === 'true' ? 5 : e.SIMULATE === 'false' ? 0 : Number(e.SIMULATE);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const [pasvMin, pasvMax] = e.FTP_PASV_PORTS?.split('-').map(Number) ?? [];
  return {
    ...e,
    DATA_DIR: dataDir,
    JWT_SECRET: e.JWT_SECRET ?? persistentSecret(dataDir),
    PUBLIC_URL: publicUrl,
    ADMIN_PASSWORD: e.ADMIN_PASSWORD ?? DEMO_PASSWORD,
    adminPasswordIsDemo: e.ADMIN_PASSWORD === undefined,
    simulateChargers: e.SEED_DEMO ? simulate : 0,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    nodeId: e.NODE_ID ?? `${os.hostname()}:${e.PORT}`,
    tls: loadTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE),
    ftp: {
      port: e.FTP_PORT === 'off' ? null : Number(e.FTP_PORT),
      passive: pasvMin !== undefined && pasvMax !== undefined ? { min: pasvMin, max: pasvMax } : null,
      // URL's hostname keeps an IPv6 address's brackets; chargers are told the bare address.
      publicHost: e.FTP_PUBLIC_HOST ?? new URL(publicUrl).hostname.replace(/^\[(.*)\]$/, '$1'),
      maxUploadBytes: e.FTP_MAX_UPLOAD_MB * 1024 * 1024,
    },
  };
}

function loadTls(certFile?: string, keyFile?: string) {
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile)
    throw new ConfigError('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE go together');
  try {
    return { cert: readFileSync(certFile), key: readFileSync(keyFile) };
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  TLS files cannot be read: ${(err as Error).message}`);
  }
}

/** A JWT secret generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
