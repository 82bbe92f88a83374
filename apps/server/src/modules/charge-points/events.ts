import {
  EVENT_TRIGGERS,
  MONITOR_TYPES,
  type DeviceEvent,
  type EventTrigger,
  type MonitorType,
} from '@voltline/contract';

type Monitor = { id: number; type: string; value: number; severity: number } | null;
type Row = {
  id: number;
  payload: Record<string, unknown>;
  severity: number | null;
  at: Date;
  monitor?: Monitor;
};

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * A stored NotifyEvent eventData (with the frame's generatedAt) as the charge point's event list
 * shows it. The payload passed the 2.0.1 schema on arrival; each field is still read defensively,
 * so a row written by an older handler shows what it holds rather than failing the page.
 */
export function toDeviceEvent(r: Row): DeviceEvent {
  const p = r.payload;
  const component = obj(p.component);
  const evse = obj(component.evse);
  const variable = obj(p.variable);
  const trigger = text(p.trigger);
  return {
    id: r.id,
    at: text(p.timestamp) ?? r.at.toISOString(),
    receivedAt: r.at.toISOString(),
    eventId: int(p.eventId) ?? 0,
    component: text(component.name) ?? '',
    componentInstance: text(component.instance),
    evseId: int(evse.id),
    connectorId: int(evse.connectorId),
    variable: text(variable.name) ?? '',
    variableInstance: text(variable.instance),
    trigger: EVENT_TRIGGERS.includes(trigger as EventTrigger) ? (trigger as EventTrigger) : 'Alerting',
    actualValue: text(p.actualValue) ?? '',
    // A 2.0.1 event does not carry its severity; the monitor that raised it does.
    severity: r.severity ?? r.monitor?.severity ?? null,
    techCode: text(p.techCode),
    techInfo: text(p.techInfo),
    cleared: p.cleared === true,
    transactionId: text(p.transactionId),
    notificationType: text(p.eventNotificationType) ?? '',
    monitorId: int(p.variableMonitoringId),
    monitor: monitorOf(r.monitor),
  };
}

/** The stored monitor an event names, if Voltline knows it and its type is one of OCPP's. */
function monitorOf(m: Monitor | undefined): DeviceEvent['monitor'] {
  if (!m || !MONITOR_TYPES.includes(m.type as MonitorType)) return null;
  return { id: m.id, type: m.type as MonitorType, value: m.value, severity: m.severity };
}
