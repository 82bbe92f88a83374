// What one OCPP frame becomes as a row of the message log: storable text, bounded ids, no secret.
import { rawSecrets } from './raw/secrets.js';
import type { ocppMessages } from '../db/schema/index.js';

/** A frame as the message log stores it. */
export type OcppLogRow = typeof ocppMessages.$inferInsert;

// PostgreSQL text and jsonb hold neither NUL nor a lone UTF-16 surrogate.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The value with every character PostgreSQL refuses written out as its `\uXXXX` escape text. */
function escaped(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, escapeChar);
  if (depth > 50 || value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => escaped(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(UNSTORABLE, escapeChar), escaped(v, depth + 1)]),
  );
}

/**
 * Whether a raw frame could carry what PostgreSQL refuses: a NUL or a surrogate, literally or as a
 * JSON escape. One scan of the text, so the common frame is queued untouched (this runs for every
 * frame); only a suspect one is walked and escaped.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const SUSPECT = /\u0000|\\u0000|\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/;
export const storable = (row: OcppLogRow, raw: string): OcppLogRow =>
  SUSPECT.test(raw) ? (escaped(row) as OcppLogRow) : row;
// Anything outside printable ASCII.
export const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/** OCPP-J allows 36 characters; a longer id is kept to this many, marked with an ellipsis. */
const MAX_ID = 255;

/**
 * A message id short enough for the log's index: a long id that does not compress (a few thousand
 * random characters) exceeded PostgreSQL's limit for an index entry, and the frame was lost.
 * Cut by code points, so no surrogate pair is split.
 */
export function clipped(id: string): string {
  return id.length <= MAX_ID ? id : `${Array.from(id).slice(0, MAX_ID).join('')}…`;
}

/** Each queued row's frame as it came, for a payload JSON.stringify cannot write back. */
export const rawText = new WeakMap<OcppLogRow, string>();

/**
 * The payload as JSON text. JSON.parse reads nesting thousands of levels deeper than
 * JSON.stringify can write (its stack overflows): such a payload is kept as the first 10,000
 * characters of its frame, in base64. The overflow used to stop the log for good.
 */
export function payloadJson(row: OcppLogRow): string {
  try {
    return JSON.stringify(row.payload) ?? 'null';
  } catch {
    const raw = (rawText.get(row) ?? '').slice(0, 10_000);
    return JSON.stringify({ unstorableFrame: Buffer.from(raw).toString('base64') });
  }
}

/** A file location's credentials: the FTP password, or the signed token of a `/files/` link. */
export function withoutLocationSecrets(location: string): string {
  return location
    .replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:[redacted]@')
    .replace(/\/files\/[^/?#]+\//, '/files/[redacted]/');
}

/** The payload with `obj[field]` (a location) cleaned, when it is there. */
function cleaned(obj: unknown, field: string): unknown {
  if (typeof obj !== 'object' || obj === null) return obj;
  const o = obj as Record<string, unknown>;
  const value = o[field];
  return typeof value === 'string' ? { ...o, [field]: withoutLocationSecrets(value) } : o;
}

/**
 * A charger's new password (1.6 AuthorizationKey, 2.0.1 BasicAuthPassword) and the credentials in a
 * transfer's location (UpdateFirmware, GetDiagnostics; GetLog's log.remoteLocation and
 * SignedUpdateFirmware's firmware.location) never reach the log.
 */
export function withoutSecrets(action: string | null, payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  if ((action === 'UpdateFirmware' || action === 'GetDiagnostics') && 'location' in payload) {
    return cleaned(payload, 'location');
  }
  if (action === 'GetLog' && 'log' in payload) {
    return { ...payload, log: cleaned(payload.log, 'remoteLocation') };
  }
  if (action === 'SignedUpdateFirmware' && 'firmware' in payload) {
    return { ...payload, firmware: cleaned(payload.firmware, 'location') };
  }
  // 1.6 AuthorizationKey, 2.0.1 SecurityCtrlr.BasicAuthPassword: as the command records keep them.
  return rawSecrets(action ?? '', payload as Record<string, unknown>).logged;
}
