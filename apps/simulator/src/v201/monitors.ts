import type { Ocpp201 } from '@voltline/contract';
import type { Task } from '../scheduler.js';
import type { Component, VariableRef } from './device-model.js';
import type { Station201 } from './station.js';

type SetData = Ocpp201.SetVariableMonitoringRequest['setMonitoringData'][number];
type SetResult = Ocpp201.SetVariableMonitoringResponse['setMonitoringResult'][number];
type ClearResult = Ocpp201.ClearVariableMonitoringResponse['clearMonitoringResult'][number];
type EventData = Ocpp201.NotifyEventRequest['eventData'][number];
export type MonitorKind = 'HardWiredMonitor' | 'PreconfiguredMonitor' | 'CustomMonitor';
export type MonitorType = SetData['type'];
export type MonitoringBase = Ocpp201.SetMonitoringBaseRequest['monitoringBase'];

export interface Monitor {
  id: number;
  component: Component;
  variable: VariableRef;
  type: MonitorType;
  value: number;
  severity: number;
  transaction: boolean;
  kind: MonitorKind;
  /** Threshold monitors: past the threshold now (an event said so, its clearing not yet). */
  tripped: boolean;
  /** Delta monitors: the value of the last event (or when set). */
  reference: string | undefined;
  task?: Task | undefined;
}

/** The component and variable of a monitor, as one text (the station's own key). */
const keyOf = (c: Component, v: VariableRef) =>
  [c.name, c.instance ?? '', c.evse?.id ?? '', c.evse?.connectorId ?? '', v.name, v.instance ?? ''].join('|');

const numeric = (dataType: string) => dataType === 'integer' || dataType === 'decimal';

/** Seconds from now to the next multiple of `period` since midnight UTC (PeriodicClockAligned). */
function alignedDelay(now: Date, period: number): number {
  const sinceMidnight = (now.getTime() % 86_400_000) / 1000;
  const next = Math.ceil((sinceMidnight + 0.001) / period) * period;
  return next - sinceMidnight;
}

/**
 * The station's variable monitors (N02-N08): a hard-wired and a preconfigured one on its
 * temperature, and those the CSMS sets. Each watches a variable and raises NotifyEvent when it
 * crosses its threshold (and again, cleared, when it is back), changes by its delta, or each period.
 */
export class Monitors201 {
  readonly list = new Map<number, Monitor>();
  /** N05: events of a graver severity than this (a lower number) or equal are reported. */
  level = 9;
  base: MonitoringBase = 'All';
  private nextId = 100;
  private eventId = 0;

  constructor(private readonly s: Station201) {
    const temperature = { component: { name: 'TemperatureSensor' }, variable: { name: 'Temperature' } };
    this.add({ ...temperature, id: 1, type: 'UpperThreshold', value: 85, severity: 0 }, 'HardWiredMonitor');
    this.add(
      { ...temperature, id: 2, type: 'UpperThreshold', value: 70, severity: 4 },
      'PreconfiguredMonitor',
    );
    s.model.onChange((component, variable, value) => {
      for (const m of this.list.values())
        if (m.component.name === component && m.variable.name === variable) this.check(m, value);
    });
    s.on('power', ({ evseId, powerW }) => {
      for (const m of this.list.values())
        if (m.component.name === 'EVSE' && m.component.evse?.id === evseId && m.variable.name === 'Power')
          this.check(m, String(powerW));
    });
  }

  /** N04: one SetMonitoringData entry, answered as the standard says. */
  set(d: SetData): SetResult {
    const result: SetResult = {
      status: 'Accepted',
      type: d.type,
      severity: d.severity,
      component: d.component,
      variable: d.variable,
    };
    const found = this.s.model.lookup(d.component, d.variable);
    if (typeof found === 'string') return { ...result, status: found };
    if (d.severity < 0 || d.severity > 9) return { ...result, status: 'Rejected' };
    const periodic = d.type === 'Periodic' || d.type === 'PeriodicClockAligned';
    if (periodic ? d.value <= 0 : d.value < 0 && d.type === 'Delta') return { ...result, status: 'Rejected' };
    // A threshold needs a number to cross; a delta of a text is any change of it.
    if ((d.type === 'UpperThreshold' || d.type === 'LowerThreshold') && !numeric(found.dataType))
      return { ...result, status: 'UnsupportedMonitorType' };
    if (d.id !== undefined) {
      const old = this.list.get(d.id);
      // Only an existing monitor is replaced, never a hard-wired one.
      if (!old || old.kind === 'HardWiredMonitor') return { ...result, status: 'Rejected' };
    }
    const key = keyOf(d.component, d.variable);
    const duplicate = [...this.list.values()].some(
      (m) =>
        m.id !== d.id &&
        keyOf(m.component, m.variable) === key &&
        m.type === d.type &&
        m.severity === d.severity,
    );
    if (duplicate) return { ...result, status: 'Duplicate' };
    const m = this.add(
      d,
      d.id === undefined ? 'CustomMonitor' : (this.list.get(d.id)?.kind ?? 'CustomMonitor'),
    );
    return { ...result, id: m.id };
  }

  /** N06: clears monitors by id; a hard-wired one stays (Rejected). */
  clear(ids: number[]): ClearResult[] {
    return ids.map((id) => {
      const m = this.list.get(id);
      if (!m) return { id, status: 'NotFound' };
      if (m.kind === 'HardWiredMonitor') return { id, status: 'Rejected' };
      this.remove(m);
      return { id, status: 'Accepted' };
    });
  }

  /** N03: All and FactoryDefault keep the preconfigured monitors on; the latter two drop custom ones. */
  setBase(base: MonitoringBase): void {
    this.base = base;
    if (base === 'All') return;
    for (const m of [...this.list.values()]) if (m.kind === 'CustomMonitor') this.remove(m);
  }

  /** N02: the monitors meeting the criteria and naming one of the components (and variables) given. */
  select(p: Ocpp201.GetMonitoringReportRequest): Monitor[] {
    const criteria = p.monitoringCriteria ?? [];
    const kinds = (m: Monitor) =>
      m.type.endsWith('Threshold')
        ? 'ThresholdMonitoring'
        : m.type === 'Delta'
          ? 'DeltaMonitoring'
          : 'PeriodicMonitoring';
    return [...this.list.values()].filter(
      (m) =>
        (criteria.length === 0 || criteria.includes(kinds(m))) &&
        (p.componentVariable === undefined ||
          p.componentVariable.some(
            (cv) =>
              cv.component.name === m.component.name &&
              (cv.component.evse === undefined || cv.component.evse.id === m.component.evse?.id) &&
              (cv.variable === undefined || cv.variable.name === m.variable.name),
          )),
    );
  }

  private add(d: SetData, kind: MonitorKind): Monitor {
    const id = d.id ?? this.nextId++;
    const old = this.list.get(id);
    if (old) this.s.cancel(old.task);
    const m: Monitor = {
      id,
      component: d.component,
      variable: d.variable,
      type: d.type,
      value: d.value,
      severity: d.severity,
      transaction: d.transaction ?? false,
      kind,
      tripped: false,
      reference: undefined,
    };
    m.reference = this.current(m);
    this.list.set(id, m);
    if (d.type === 'Periodic' || d.type === 'PeriodicClockAligned') this.schedule(m, true);
    return m;
  }

  private remove(m: Monitor): void {
    this.s.cancel(m.task);
    this.list.delete(m.id);
  }

  private schedule(m: Monitor, first: boolean): void {
    const delay = m.type === 'PeriodicClockAligned' && first ? alignedDelay(this.s.now(), m.value) : m.value;
    m.task = this.s.later(delay, () => {
      if (!this.list.has(m.id)) return;
      this.raise(m, 'Periodic', this.current(m));
      this.schedule(m, false);
    });
  }

  /** The monitored value now: an EVSE's power as it charges, else the device model's value. */
  private current(m: Monitor): string {
    if (m.component.name === 'EVSE' && m.variable.name === 'Power' && m.component.evse)
      return String(this.s.evse(m.component.evse.id)?.powerW ?? 0);
    const found = this.s.model.lookup(m.component, m.variable);
    return typeof found === 'string' ? '' : found.value;
  }

  /** N07: a threshold crossed (or back), or a change of at least the delta, raises an event. */
  private check(m: Monitor, value: string): void {
    // A monitor that does not report now (base, level, no transaction) does not watch either.
    if (!this.reports(m)) return;
    const n = Number(value);
    if (m.type === 'UpperThreshold' || m.type === 'LowerThreshold') {
      if (!Number.isFinite(n)) return;
      const beyond = m.type === 'UpperThreshold' ? n > m.value : n < m.value;
      if (beyond === m.tripped) return;
      m.tripped = beyond;
      this.raise(m, 'Alerting', value, !beyond);
    } else if (m.type === 'Delta') {
      const ref = Number(m.reference);
      const changed =
        Number.isFinite(n) && Number.isFinite(ref) ? Math.abs(n - ref) >= m.value : value !== m.reference;
      if (!changed) return;
      m.reference = value;
      this.raise(m, 'Delta', value);
    }
  }

  /** Whether the monitor reports now: its base, the level and its transaction flag allow it. */
  private reports(m: Monitor): boolean {
    if (m.kind === 'PreconfiguredMonitor' && this.base === 'HardWiredOnly') return false;
    if (m.severity > this.level) return false;
    if (!m.transaction) return true;
    const evseId = m.component.evse?.id;
    return this.s.evses.some((e) => e.transaction && (evseId === undefined || e.id === evseId));
  }

  private raise(m: Monitor, trigger: EventData['trigger'], actualValue: string, cleared = false): void {
    if (!this.reports(m) || !this.s.isOnline) return;
    const evseId = m.component.evse?.id;
    const tx = this.s.evses.find(
      (e) => e.transaction && (evseId === undefined || e.id === evseId),
    )?.transaction;
    const event: EventData = {
      eventId: ++this.eventId,
      timestamp: this.s.now().toISOString(),
      trigger,
      actualValue: actualValue.slice(0, 2500),
      component: m.component,
      variable: m.variable,
      variableMonitoringId: m.id,
      eventNotificationType: m.kind,
      ...(cleared ? { cleared: true } : {}),
      ...(m.transaction && tx ? { transactionId: tx.id } : {}),
    };
    const payload = { generatedAt: this.s.now().toISOString(), seqNo: 0, tbc: false, eventData: [event] };
    this.s.later(0, () => {
      this.s.send('NotifyEvent', payload).catch((err: unknown) => {
        this.s.options.logger.warn(`${this.s.id}: NotifyEvent failed: ${String(err)}`);
      });
    });
  }
}
