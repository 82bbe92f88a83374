/**
 * An EVSE's state from its plugs' OCPP 2.0.1 states, in the network's connector states: an EVSE
 * charges one vehicle at a time, so one occupied plug occupies it; it can charge while any plug is
 * available; it is faulted only when every plug is. Occupied is Preparing until a transaction event
 * says more (Charging, SuspendedEV, SuspendedEVSE: `chargingStatus`).
 */
export function evseStatus(plugs: readonly string[]): string {
  const has = (s: string) => plugs.includes(s);
  if (has('Occupied')) return 'Preparing';
  if (has('Reserved')) return 'Reserved';
  if (has('Available')) return 'Available';
  if (has('Unavailable')) return 'Unavailable';
  return plugs.length > 0 ? 'Faulted' : 'Unavailable';
}

/**
 * A transaction event's chargingState as the EVSE's connector state (none: nothing to change). A
 * transaction that lost its car and goes on (E10: the cable left the car, StopTxOnEVSideDisconnect
 * off) is suspended by the EV: SuspendedEV, as a 1.6 charger says it, until the car comes back or
 * the transaction ends.
 */
export function chargingStatus(
  chargingState: 'Charging' | 'EVConnected' | 'SuspendedEV' | 'SuspendedEVSE' | 'Idle' | undefined,
  ended: boolean,
  evLost = false,
): string | null {
  if (evLost && !ended) return 'SuspendedEV';
  switch (chargingState) {
    case 'Charging':
    case 'SuspendedEV':
    case 'SuspendedEVSE':
      return chargingState;
    case 'EVConnected':
      return ended ? 'Finishing' : 'Preparing';
    default:
      return null;
  }
}
