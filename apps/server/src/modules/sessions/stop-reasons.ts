import { OPERATOR_CLOSE_REASON } from '@voltline/contract';

/** Stop reason of a session the stale rule closed: its charger sent no news for hours. */
export const STALE_STOP_REASON = 'NoStopReceived';

/** Stop reason of a session a new Start on its connector closed: its charger vanished without a Stop. */
export const SUPERSEDED_STOP_REASON = 'Superseded';

/** Stop reasons of sessions closed without the charger's StopTransaction, which may still come. */
export const CLOSED_WITHOUT_STOP = new Set([
  STALE_STOP_REASON,
  OPERATOR_CLOSE_REASON,
  SUPERSEDED_STOP_REASON,
]);
