import { z } from 'zod';

/** The built-in file service's environment (FTP_*); spread into config.ts's schema. */
export const ftpEnv = {
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
  /** Seconds an FTP connection has to log in before it is closed; connections one address may hold. */
  FTP_LOGIN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  FTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
};
type FtpEnv = z.infer<z.ZodObject<typeof ftpEnv>>;

/** The built-in file service's FTP side, from FTP_PORT, FTP_PASV_PORTS, FTP_PUBLIC_HOST, FTP_MAX_UPLOAD_MB. */
export interface FtpConfig {
  /** null: FTP is off. 0: any free port (tests). */
  port: number | null;
  /** Passive data ports; null: any free port the system gives. */
  passive: { min: number; max: number } | null;
  /** The address chargers are told, in FTP URLs and passive replies. */
  publicHost: string;
  maxUploadBytes: number;
  /** A connection not logged in this long is closed (FTP_LOGIN_TIMEOUT_SECONDS). */
  loginTimeoutMs: number;
  /** Connections one client address may hold at once (FTP_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: number;
}

/** The FTP side's settings; chargers are told `publicHost` (default: PUBLIC_URL's host). */
export function loadFtp(e: FtpEnv, publicUrl: string): FtpConfig {
  const [pasvMin, pasvMax] = e.FTP_PASV_PORTS?.split('-').map(Number) ?? [];
  return {
    port: e.FTP_PORT === 'off' ? null : Number(e.FTP_PORT),
    passive: pasvMin !== undefined && pasvMax !== undefined ? { min: pasvMin, max: pasvMax } : null,
    // URL's hostname keeps an IPv6 address's brackets; chargers are told the bare address.
    publicHost: e.FTP_PUBLIC_HOST ?? new URL(publicUrl).hostname.replace(/^\[(.*)\]$/, '$1'),
    maxUploadBytes: e.FTP_MAX_UPLOAD_MB * 1024 * 1024,
    loginTimeoutMs: e.FTP_LOGIN_TIMEOUT_SECONDS * 1000,
    maxConnectionsPerAddress: e.FTP_MAX_CONNECTIONS_PER_ADDRESS,
  };
}
