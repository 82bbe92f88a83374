import type { Ocpp201 } from '@voltline/contract';
import { notImplemented } from '../connection.js';
import type { SimCharger201 } from './charger.js';
import { configCommands } from './commands-config.js';
import { displayCommands } from './commands-display.js';
import { monitoringCommands } from './commands-monitoring.js';
import { fileCommands } from './commands-files.js';
import { smartCommands } from './commands-smart.js';
import { customerCommands } from './customer-information.js';
import { readMeter201 } from './meter.js';

type Req = Ocpp201.OcppRequests;
type Res = Ocpp201.OcppResponses;
export type Handlers201 = { [A in keyof Req]?: (s: SimCharger201, p: Req[A]) => Res[A] | Promise<Res[A]> };

/**
 * What the station does with the CSMS's requests. Each answer goes out before what it sets off
 * (a reboot, a triggered message), as on a real station: follow-ups run on the next tick.
 */
const handlers: Handlers201 = {
  ...configCommands,
  ...smartCommands,
  ...customerCommands,
  ...displayCommands,
  ...monitoringCommands,
  ...fileCommands,

  RequestStartTransaction: (s, p) => {
    if (!s.model.getBool('AuthCtrlr', 'AuthorizeRemoteStart')) return s.sessions.remoteStart(p);
    // F01.FR.02: authorize the token first, then start as asked.
    s.later(0, () => {
      void s.sessions.auth.authorize(p.idToken).then((status) => {
        if (status === 'Accepted') s.sessions.remoteStart(p);
      });
    });
    return { status: 'Accepted' };
  },

  RequestStopTransaction: (s, p) => {
    const e = s.sessions.findTransaction(p.transactionId);
    if (!e) return { status: 'Rejected' };
    s.later(0, () => s.sessions.stop(e.id, 'RemoteStop', 'Remote'));
    return { status: 'Accepted' };
  },

  Reset: (s, p) => {
    if (s.options.rejectResets) return { status: 'Rejected' };
    if (p.evseId !== undefined) {
      const e = s.evse(p.evseId);
      if (!e) return { status: 'Rejected' };
      if (e.transaction && p.type === 'OnIdle') return { status: 'Scheduled' };
      s.later(0, () => s.sessions.end(e, 'ResetCommand', 'ImmediateReset'));
      return { status: 'Accepted' };
    }
    if (p.type === 'OnIdle' && s.evses.some((e) => e.transaction)) {
      s.resetWhenIdle = true;
      return { status: 'Scheduled' };
    }
    s.later(0, () => void s.reboot('RemoteReset'));
    return { status: 'Accepted' };
  },

  UnlockConnector: (s, p) => {
    const e = s.evse(p.evseId);
    if (!e || p.connectorId !== e.connectorId) return { status: 'UnknownConnector' };
    if (e.transaction?.idToken) return { status: 'OngoingAuthorizedTransaction' };
    s.later(0, () => {
      if (e.transaction) s.sessions.end(e, 'UnlockCommand', 'Other');
      if (e.vehicle) s.sessions.unplug(e.id);
    });
    return { status: 'Unlocked' };
  },

  ChangeAvailability: (s, p) => {
    const targets = p.evse ? [s.evse(p.evse.id)] : s.evses;
    if (targets.some((e) => e === undefined)) return { status: 'Rejected' };
    const operative = p.operationalStatus === 'Operative';
    let scheduled = false;
    for (const e of targets) {
      if (!e) continue;
      if (!operative && e.transaction) {
        // G03.FR.05: the EVSE goes Unavailable once its transaction is over.
        e.pendingInoperative = true;
        scheduled = true;
        continue;
      }
      e.pendingInoperative = false;
      e.operative = operative;
      // H04: an EVSE taken out of service loses its reservation.
      if (!operative) s.reservations.removeOn(e);
    }
    s.later(0, () => s.statuses.reportAll());
    return { status: scheduled ? 'Scheduled' : 'Accepted' };
  },

  TriggerMessage: (s, p) => {
    const evses = p.evse ? s.evses.filter((e) => e.id === p.evse?.id) : s.evses;
    if (p.evse && evses.length === 0) return { status: 'Rejected' };
    const run = (fn: () => void) => {
      s.later(0, fn);
      return { status: 'Accepted' as const };
    };
    switch (p.requestedMessage) {
      case 'BootNotification':
        // F06.FR.17: no second boot once accepted.
        if (s.bootState === 'Accepted') return { status: 'Rejected' };
        return run(() => void s.boot(true));
      case 'Heartbeat':
        return run(() => void s.send('Heartbeat', {}, true).catch(() => undefined));
      case 'StatusNotification':
        return run(() => {
          for (const e of evses) s.statuses.report(e, true, true);
        });
      case 'MeterValues':
        return run(() => {
          for (const e of evses) {
            const meterValue = [readMeter201(e, 'Trigger', s.options.maxPower, s.now())];
            s.send('MeterValues', { evseId: e.id, meterValue }, true).catch(() => undefined);
          }
        });
      case 'TransactionEvent':
        return run(() => {
          for (const e of evses) {
            if (e.transaction)
              s.sessions.events.send(e, e.transaction, 'Updated', 'Trigger', { context: 'Trigger' });
          }
        });
      default:
        return { status: 'NotImplemented' };
    }
  },

  GetTransactionStatus: (s, p) => {
    if (p.transactionId === undefined) return { messagesInQueue: s.outbox.size > 0 };
    return {
      ongoingIndicator: s.sessions.findTransaction(p.transactionId) !== undefined,
      messagesInQueue: s.sessions.events.inQueue(p.transactionId),
    };
  },
};

/** Answers one CALL from the CSMS; what the station does not implement is a CALLERROR NotImplemented. */
export async function dispatch201(s: SimCharger201, action: string, payload: unknown): Promise<object> {
  const handler = handlers[action as keyof Req] as
    ((s: SimCharger201, p: unknown) => object | Promise<object>) | undefined;
  if (!handler) throw notImplemented(action);
  return await handler(s, payload);
}

/** The CSMS requests this station answers. */
export const supportedCommands201: readonly string[] = Object.keys(handlers);
