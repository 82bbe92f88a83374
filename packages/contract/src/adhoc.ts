/**
 * Ad-hoc payment (issue #30): every connector has a public code, printed as a QR sticker and
 * opened as `/pay/{code}`, that anyone may pay and charge at without an account.
 *
 * The code is the charge point's identity and the connector's number joined by `*`, as EVSE ids
 * are written (`CP-001*2`). An identity never holds `*` (CHARGE_POINT_ID_PATTERN), so the code
 * reads back unambiguously; `*` needs no escaping in a URL path.
 */
export function evseCode(chargePointId: string, connectorId: number): string {
  return `${chargePointId}*${connectorId}`;
}

/** The charge point identity and connector of a code; null when it is no code. */
export function parseEvseCode(code: string): { chargePointId: string; connectorId: number } | null {
  const at = code.lastIndexOf('*');
  if (at <= 0) return null;
  const id = code.slice(0, at);
  const n = code.slice(at + 1);
  if (!/^[1-9][0-9]{0,3}$/.test(n)) return null;
  return { chargePointId: id, connectorId: Number(n) };
}

/** The public page of a connector, under Voltline's public address. */
export function payPagePath(chargePointId: string, connectorId: number): string {
  return `/pay/${encodeURIComponent(evseCode(chargePointId, connectorId))}`;
}

/** The public page of one payment (its charge live, its Stop, its receipt), by its reference. */
export function paymentPagePath(reference: string): string {
  return `/pay/s/${encodeURIComponent(reference)}`;
}
