import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargerEvents, variableMonitors } from '../../db/schema/index.js';

/** Narrowing of a charge point's device events; each is optional. */
export type DeviceEventFilter = { component?: string; trigger?: string; severity?: number };

/**
 * The severity an event carries: OCPP 2.1's `severity`, or a 2.0.1 charger's `customData.severity`;
 * anything but a digit 0-9 is none (never a cast that could fail on a charger's odd value).
 */
export const severityOf = sql<number | null>`(
  CASE
    WHEN ${chargerEvents.payload}->>'severity' ~ '^[0-9]$' THEN (${chargerEvents.payload}->>'severity')::int
    WHEN ${chargerEvents.payload}->'customData'->>'severity' ~ '^[0-9]$'
      THEN (${chargerEvents.payload}->'customData'->>'severity')::int
  END)`;

/** The monitor an event names (N07 variableMonitoringId), read only when it is a plain integer. */
const monitorIdOf = sql<number | null>`(
  CASE WHEN ${chargerEvents.payload}->>'variableMonitoringId' ~ '^-?[0-9]{1,9}$'
    THEN (${chargerEvents.payload}->>'variableMonitoringId')::int END)`;

/**
 * The events a charger reported about its device model (NotifyEvent rows of `charger_events`, one
 * per eventData, stored by ocpp/v201/handlers/notify-event.ts). Only these: the table's other kinds
 * (firmware, diagnostics, DataTransfer) are states of a transfer, not events of a component.
 */
function eventsOf(chargePointId: number, f: DeviceEventFilter) {
  const where: SQL[] = [
    eq(chargerEvents.chargePointId, chargePointId),
    eq(chargerEvents.kind, 'NotifyEvent'),
  ];
  if (f.component)
    where.push(sql`lower(${chargerEvents.payload}->'component'->>'name') = lower(${f.component})`);
  if (f.trigger) where.push(sql`${chargerEvents.payload}->>'trigger' = ${f.trigger}`);
  if (f.severity !== undefined) where.push(sql`${severityOf} <= ${f.severity}`);
  return and(...where);
}

/** Newest first by arrival, served by the (charge point, kind, at) index. */
export function deviceEvents(
  tx: Tx,
  chargePointId: number,
  f: DeviceEventFilter,
  offset: number,
  limit: number,
) {
  return tx
    .select({
      id: chargerEvents.id,
      payload: chargerEvents.payload,
      severity: severityOf,
      at: chargerEvents.at,
      monitor: {
        id: variableMonitors.monitorId,
        type: variableMonitors.type,
        value: variableMonitors.value,
        severity: variableMonitors.severity,
      },
    })
    .from(chargerEvents)
    .leftJoin(
      variableMonitors,
      and(
        eq(variableMonitors.chargePointId, chargerEvents.chargePointId),
        eq(variableMonitors.monitorId, monitorIdOf),
      ),
    )
    .where(eventsOf(chargePointId, f))
    .orderBy(desc(chargerEvents.at), desc(chargerEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function countDeviceEvents(tx: Tx, chargePointId: number, f: DeviceEventFilter) {
  const [row] = await tx.select({ n: count() }).from(chargerEvents).where(eventsOf(chargePointId, f));
  return row?.n ?? 0;
}
