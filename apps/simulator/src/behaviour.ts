import type { SimCharger } from './charger.js';
import type { ChargePointErrorCode } from './connector.js';

const FAULT_CODES: readonly ChargePointErrorCode[] = [
  'GroundFailure',
  'OverCurrentFailure',
  'HighTemperature',
  'PowerMeterFailure',
  'ConnectorLockFailure',
  'EVCommunicationError',
];

/** Simulated seconds between two looks at the connectors for arrivals and faults. */
const LOOK_EVERY_S = 60;

/** A connector fails: a running session stops and the connector reports Faulted. */
export function fault(charger: SimCharger, connectorId: number, errorCode: ChargePointErrorCode): void {
  const c = charger.connector(connectorId);
  if (!c) throw new Error(`${charger.id} has no connector ${connectorId}`);
  if (c.transaction) charger.sessions.stop(connectorId, 'Other');
  charger.setStatus(connectorId, 'Faulted', errorCode === 'NoError' ? 'OtherError' : errorCode);
}

export function clearFault(charger: SimCharger, connectorId: number): void {
  const c = charger.connector(connectorId);
  if (!c || c.status !== 'Faulted') return;
  charger.cancel(c.faultTask);
  c.faultTask = undefined;
  charger.setStatus(connectorId, c.idleStatus());
}

/** The demo and load behaviour: drivers arrive at idle connectors, and now and then a connector faults. */
export function scheduleBehaviour(charger: SimCharger): void {
  const { autoSessions, faultProbability, random } = charger.options;
  if (!autoSessions && faultProbability <= 0) return;
  // Spread the fleet's looks over the minute instead of all chargers at once.
  charger.later(random() * LOOK_EVERY_S, () => look(charger));
}

function look(charger: SimCharger): void {
  const { autoSessions, faultProbability, sessionProbability, idTags, random } = charger.options;
  if (charger.isOnline) {
    for (const c of charger.connectors) {
      if (faultProbability > 0 && c.status !== 'Faulted' && random() < faultProbability / 60) {
        fault(charger, c.id, FAULT_CODES[Math.floor(random() * FAULT_CODES.length)] ?? 'OtherError');
        c.faultTask = charger.later(30 + random() * 270, () => clearFault(charger, c.id));
        continue;
      }
      const idle = c.status === 'Available' && !c.vehicle && !c.transaction;
      if (autoSessions && idle && idTags.length > 0 && random() < sessionProbability) {
        const idTag = idTags[Math.floor(random() * idTags.length)] ?? idTags[0] ?? '';
        charger.sessions.start(c.id, idTag).then(
          (result) => {
            // A refused card: the driver gives up and leaves.
            if (result.status !== 'Accepted') charger.later(20, () => charger.sessions.unplug(c.id));
          },
          () => undefined,
        );
      }
    }
  }
  charger.later(LOOK_EVERY_S, () => look(charger));
}
