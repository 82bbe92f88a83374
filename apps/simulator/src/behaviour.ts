import type { SimCharger } from './charger.js';
import type { ChargePointErrorCode, Connector } from './connector.js';
import type { ResolvedOptions } from './options.js';

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

/**
 * The card an arriving driver presents: a revoked one the charger's outdated list still accepts
 * (`revokedCardShare`), one another charger is using now (`sharedCardShare`), else a card nobody is
 * using. Undefined: every card is in use, so no driver comes.
 */
export function pickCard(charger: { id: string; options: ResolvedOptions }): string | undefined {
  const { idTags, revokedIdTags, revokedCardShare, sharedCardShare, cardPool, random } = charger.options;
  const draw = (tags: readonly string[]) => tags[Math.floor(random() * tags.length)];
  const r = revokedCardShare > 0 || sharedCardShare > 0 ? random() : 1;
  if (r < revokedCardShare && revokedIdTags.length > 0) return draw(revokedIdTags);
  if (r < revokedCardShare + sharedCardShare) {
    const busy = cardPool?.busy(random, charger.id);
    if (busy !== undefined) return busy;
  }
  return cardPool ? cardPool.free(idTags, random) : draw(idTags);
}

function arrive(charger: SimCharger, c: Connector): void {
  const idTag = pickCard(charger);
  if (idTag === undefined) return;
  const release = charger.options.cardPool?.claim(idTag, charger.id) ?? (() => undefined);
  charger.sessions.start(c.id, idTag, { onEnd: release }).then(
    (result) => {
      if (result.status === 'Accepted') return;
      // Refused at Authorize: the driver gives up and leaves.
      release();
      charger.later(20 + charger.options.random() * 40, () => charger.sessions.unplug(c.id));
    },
    () => release(),
  );
}

function look(charger: SimCharger): void {
  const { autoSessions, faultProbability, sessionProbability, random } = charger.options;
  if (charger.isOnline) {
    for (const c of charger.connectors) {
      if (faultProbability > 0 && c.status !== 'Faulted' && random() < faultProbability / 60) {
        fault(charger, c.id, FAULT_CODES[Math.floor(random() * FAULT_CODES.length)] ?? 'OtherError');
        c.faultTask = charger.later(30 + random() * 270, () => clearFault(charger, c.id));
        continue;
      }
      const idle = c.status === 'Available' && !c.vehicle && !c.transaction;
      const wanted = autoSessions && charger.driversArrive && idle;
      if (wanted && charger.options.idTags.length > 0 && random() < sessionProbability) arrive(charger, c);
    }
  }
  charger.later(LOOK_EVERY_S, () => look(charger));
}
