import { rpcError } from '../connection.js';
import type { Handlers201 } from './commands.js';
import type { ReportData } from './device-model.js';
import type { IdTokenInfo201, SimCharger201 } from './charger.js';
import { checkNetworkProfile } from './network.js';

/** NotifyReport parts, at most DeviceDataCtrlr.ItemsPerMessage[GetReport] entries each (B08.FR.04). */
async function sendReport(s: SimCharger201, requestId: number, data: ReportData[]): Promise<void> {
  const per = Math.max(1, s.model.getInt('DeviceDataCtrlr', 'ItemsPerMessage', 10, 'GetReport'));
  const parts = Math.max(1, Math.ceil(data.length / per));
  const generatedAt = s.now().toISOString();
  for (let seqNo = 0; seqNo < parts; seqNo++) {
    const reportData = data.slice(seqNo * per, (seqNo + 1) * per);
    // Allowed while Pending too: the CSMS may ask for the report before accepting (B02).
    await s.send('NotifyReport', { requestId, generatedAt, seqNo, tbc: seqNo < parts - 1, reportData }, true);
  }
}

function tooMany(s: SimCharger201, count: number, instance: string): void {
  const max = s.model.getInt('DeviceDataCtrlr', 'ItemsPerMessage', 20, instance);
  if (count > max)
    throw rpcError('OccurrenceConstraintViolation', `At most ${max} entries per ${instance} request`);
}

/** Device model, reports, authorization lists, network profiles and certificates (B, C, D, M). */
export const configCommands: Handlers201 = {
  GetVariables: (s, p) => {
    tooMany(s, p.getVariableData.length, 'GetVariables');
    return { getVariableResult: p.getVariableData.map((d) => s.model.read(d)) };
  },

  SetVariables: (s, p) => {
    tooMany(s, p.setVariableData.length, 'SetVariables');
    return { setVariableResult: p.setVariableData.map((d) => s.model.write(d)) };
  },

  GetBaseReport: (s, p) => {
    const data = s.model.report(p.reportBase);
    s.later(0, () => {
      sendReport(s, p.requestId, data).catch((err: unknown) =>
        s.options.logger.warn(`${s.id}: NotifyReport failed: ${String(err)}`),
      );
    });
    return { status: 'Accepted' };
  },

  GetReport: (s, p) => {
    const data = s.model.customReport(p);
    if (data.length === 0) return { status: 'EmptyResultSet' };
    s.later(0, () => {
      sendReport(s, p.requestId, data).catch((err: unknown) =>
        s.options.logger.warn(`${s.id}: NotifyReport failed: ${String(err)}`),
      );
    });
    return { status: 'Accepted' };
  },

  ClearCache: (s) => {
    s.sessions.auth.cache.clear();
    return { status: 'Accepted' };
  },

  GetLocalListVersion: (s) => ({ versionNumber: s.localListVersion }),

  SendLocalList: (s, p) => {
    const entries = p.localAuthorizationList ?? [];
    // D01: more than one message may carry: the CSMS is told in a CALLERROR, the list unchanged.
    const items = s.model.getInt('LocalAuthListCtrlr', 'ItemsPerMessage', 100);
    if (entries.length > items)
      throw rpcError('OccurrenceConstraintViolation', `At most ${items} entries per SendLocalList`);
    const bytes = s.model.getInt('LocalAuthListCtrlr', 'BytesPerMessage', 65536);
    if (Buffer.byteLength(JSON.stringify(p)) > bytes)
      throw rpcError('FormatViolation', `A SendLocalList takes at most ${bytes} bytes`);
    // A Differential of the list's own version continues it (a list sent in several messages).
    if (p.updateType === 'Differential' && p.versionNumber < s.localListVersion)
      return { status: 'VersionMismatch' };
    const next = p.updateType === 'Full' ? new Map<string, IdTokenInfo201>() : new Map(s.localList);
    for (const entry of entries) {
      if (entry.idTokenInfo) next.set(entry.idToken.idToken, entry.idTokenInfo);
      else next.delete(entry.idToken.idToken);
    }
    const max = s.model.maxLimit('LocalAuthListCtrlr', 'Entries') ?? Number.POSITIVE_INFINITY;
    // A list that would outgrow what the station holds: Failed, list unchanged.
    if (next.size > max) return { status: 'Failed' };
    s.localList.clear();
    for (const [idToken, info] of next) s.localList.set(idToken, info);
    s.localListVersion = p.versionNumber;
    return { status: 'Accepted' };
  },

  SetNetworkProfile: (s, p) => {
    const status = checkNetworkProfile(s.model, p.configurationSlot, p.connectionData, s.activeSlot);
    if (status === 'Accepted') s.networkProfiles.set(p.configurationSlot, p.connectionData);
    return { status };
  },
};
