import { pickCard } from '../behaviour.js';
import type { SimCharger201 } from './charger.js';
import type { Evse } from './evse.js';

/** Simulated seconds between two looks at the EVSEs for arrivals and faults. */
const LOOK_EVERY_S = 60;

/**
 * The demo and load behaviour of a 2.0.1 station, as for 1.6 chargers: drivers arrive with a card
 * from the fleet's pool (card first, or cable first for `plugInFirst`), and now and then an EVSE faults.
 */
export function scheduleBehaviour201(s: SimCharger201): void {
  const { autoSessions, faultProbability, random } = s.options;
  if (!autoSessions && faultProbability <= 0) return;
  s.later(random() * LOOK_EVERY_S, () => look(s));
}

function arrive(s: SimCharger201, e: Evse): void {
  const idToken = pickCard(s);
  if (idToken === undefined) return;
  const release = s.options.cardPool?.claim(idToken, s.id) ?? (() => undefined);
  const plugInFirst = s.options.plugInFirst > 0 && s.options.random() < s.options.plugInFirst;
  s.sessions.start(e.id, idToken, { plugInFirst, onEnd: release }).then(
    (result) => {
      if (result.status === 'Accepted') return;
      release();
      if (e.vehicle) s.later(20 + s.options.random() * 40, () => s.sessions.unplug(e.id));
    },
    () => release(),
  );
}

function look(s: SimCharger201): void {
  const { autoSessions, faultProbability, sessionProbability, random } = s.options;
  if (s.isOnline) {
    for (const e of s.evses) {
      if (faultProbability > 0 && !e.faulted && random() < faultProbability / 60) {
        s.fault(e.id);
        s.later(30 + random() * 270, () => s.clearFault(e.id));
        continue;
      }
      const idle = e.currentStatus() === 'Available';
      if (
        autoSessions &&
        s.driversArrive &&
        idle &&
        s.options.idTags.length > 0 &&
        random() < sessionProbability
      )
        arrive(s, e);
    }
  }
  s.later(LOOK_EVERY_S, () => look(s));
}
