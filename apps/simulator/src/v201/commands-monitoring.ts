import type { Ocpp201 } from '@voltline/contract';
import type { Handlers201 } from './commands.js';
import type { SimCharger201 } from './charger.js';
import type { Monitor } from './monitors.js';

type MonitoringData = NonNullable<Ocpp201.NotifyMonitoringReportRequest['monitor']>[number];

/** The monitors grouped by component and variable, as NotifyMonitoringReport carries them. */
function monitoringData(monitors: Monitor[]): MonitoringData[] {
  const groups = new Map<string, MonitoringData>();
  for (const m of monitors) {
    const key = JSON.stringify([m.component, m.variable]);
    const group = groups.get(key) ?? { component: m.component, variable: m.variable, variableMonitoring: [] };
    const entry = {
      id: m.id,
      transaction: m.transaction,
      value: m.value,
      type: m.type,
      severity: m.severity,
    };
    groups.set(key, { ...group, variableMonitoring: [...group.variableMonitoring, entry] });
  }
  return [...groups.values()];
}

/** N02: the report in parts of at most DeviceDataCtrlr.ItemsPerMessage[GetReport] entries, tbc on all but the last. */
async function sendReport(s: SimCharger201, requestId: number, data: MonitoringData[]): Promise<void> {
  const per = Math.max(1, s.model.getInt('DeviceDataCtrlr', 'ItemsPerMessage', 10, 'GetReport'));
  const parts = Math.max(1, Math.ceil(data.length / per));
  const generatedAt = s.now().toISOString();
  for (let seqNo = 0; seqNo < parts; seqNo++) {
    const monitor = data.slice(seqNo * per, (seqNo + 1) * per);
    await s.send('NotifyMonitoringReport', {
      requestId,
      generatedAt,
      seqNo,
      tbc: seqNo < parts - 1,
      monitor,
    });
  }
}

/** Monitoring (N02-N06): the CSMS's requests about the station's variable monitors. */
export const monitoringCommands: Handlers201 = {
  SetVariableMonitoring: (s, p) => ({
    setMonitoringResult: p.setMonitoringData.map((d) => s.monitors.set(d)),
  }),

  ClearVariableMonitoring: (s, p) => ({ clearMonitoringResult: s.monitors.clear(p.id) }),

  GetMonitoringReport: (s, p) => {
    const selected = s.monitors.select(p);
    if (selected.length === 0) return { status: 'EmptyResultSet' };
    s.later(0, () => {
      sendReport(s, p.requestId, monitoringData(selected)).catch((err: unknown) =>
        s.options.logger.warn(`${s.id}: NotifyMonitoringReport failed: ${String(err)}`),
      );
    });
    return { status: 'Accepted' };
  },

  SetMonitoringBase: (s, p) => {
    s.monitors.setBase(p.monitoringBase);
    return { status: 'Accepted' };
  },

  SetMonitoringLevel: (s, p) => {
    // N05: a severity outside 0-9 is Rejected, the level unchanged.
    if (p.severity < 0 || p.severity > 9) return { status: 'Rejected' };
    s.monitors.level = p.severity;
    return { status: 'Accepted' };
  },
};
