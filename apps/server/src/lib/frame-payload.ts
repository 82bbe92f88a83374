import { createHash } from 'node:crypto';

/**
 * How the message log keeps a frame larger than its bound (OCPP_LOG_FRAME_BYTES): the first bytes
 * of the payload as text, with the whole frame's size and SHA-256, so one large frame costs the
 * log (and every page that shows it) no more than the bound.
 */
export interface TruncatedPayload {
  $truncated: true;
  /** Bytes of the whole frame as it crossed the socket (UTF-8). */
  size: number;
  /** SHA-256 of the whole frame, hex. */
  sha256: string;
  /** The payload's JSON text, cut to the bound. */
  prefix: string;
}

export function isTruncated(value: unknown): value is TruncatedPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { $truncated?: unknown }).$truncated === true &&
    typeof (value as { prefix?: unknown }).prefix === 'string'
  );
}

/** The text cut to at most `maxBytes` bytes of UTF-8, never inside a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 3) return text;
  const bytes = Buffer.from(text);
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Back off to the start of a character (a continuation byte is 10xxxxxx).
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString();
}

/**
 * The payload to store for a frame: as it is when the frame is within the bound, otherwise a
 * TruncatedPayload. The prefix is written from the payload as the log keeps it (its secrets
 * already removed), not from the raw frame.
 */
export function boundedPayload(payload: unknown, raw: string, maxBytes: number): unknown {
  if (raw.length <= maxBytes / 3) return payload; // at most 3 bytes a UTF-16 unit: surely within
  const size = Buffer.byteLength(raw);
  if (size <= maxBytes) return payload;
  let text: string;
  try {
    text = JSON.stringify(payload) ?? 'null';
  } catch {
    text = raw; // nesting too deep to write back: the frame's own text
  }
  return {
    $truncated: true,
    size,
    sha256: createHash('sha256').update(raw).digest('hex'),
    prefix: cutToBytes(text, maxBytes),
  } satisfies TruncatedPayload;
}
