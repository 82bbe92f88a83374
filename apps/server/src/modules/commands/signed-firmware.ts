import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

type Payload = Record<string, unknown>;

/** The next requestId of a SignedUpdateFirmware (one sequence for campaigns and commands sent by hand). */
export async function nextSignedFirmwareRequestId(db: Db | Tx): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval('signed_firmware_request_ids')::int as id`,
  );
  const rows = (result as { rows?: { id: number }[] }).rows ?? (result as { id: number }[]);
  const id = rows[0]?.id;
  if (typeof id !== 'number') throw new Error('no requestId from signed_firmware_request_ids');
  return id;
}

/** SignedUpdateFirmware's payload from the firmware's fields (the contract's flat body, or a campaign's image). */
export function signedFirmwarePayload(
  requestId: number,
  f: {
    location: string;
    retrieveDateTime: string;
    installDateTime?: string | undefined;
    signingCertificate: string;
    signature: string;
    retries?: number | undefined;
    retryInterval?: number | undefined;
  },
): Payload {
  return {
    requestId,
    ...(f.retries !== undefined ? { retries: f.retries } : {}),
    ...(f.retryInterval !== undefined ? { retryInterval: f.retryInterval } : {}),
    firmware: {
      location: f.location,
      retrieveDateTime: f.retrieveDateTime,
      ...(f.installDateTime ? { installDateTime: f.installDateTime } : {}),
      signingCertificate: f.signingCertificate,
      signature: f.signature,
    },
  };
}

/** SignedUpdateFirmware sent by hand: Voltline numbers the request; the command record keeps it. */
export async function prepareSignedUpdate(
  db: Db,
  request: Payload,
): Promise<{ payload: Payload; logged: Payload; extra: Payload }> {
  const requestId = await nextSignedFirmwareRequestId(db);
  const str = (k: string) => (typeof request[k] === 'string' ? request[k] : undefined);
  const num = (k: string) => (typeof request[k] === 'number' ? request[k] : undefined);
  const payload = signedFirmwarePayload(requestId, {
    location: String(request.location),
    retrieveDateTime: String(request.retrieveDateTime),
    installDateTime: str('installDateTime'),
    signingCertificate: String(request.signingCertificate),
    signature: String(request.signature),
    retries: num('retries'),
    retryInterval: num('retryInterval'),
  });
  return { payload, logged: payload, extra: { requestId } };
}
