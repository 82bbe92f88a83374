import type { ChargePoint, Connector } from '@voltline/contract';

/**
 * What the server refuses to do to a charge point or a connector (409 in charge-points.service and
 * connectors.service), asked before offering it: nothing is archived while it charges, and a
 * connector with history is archived, never deleted.
 */
export type ChargePointBlock = 'activeSession';
export type ConnectorBlock = 'charging' | 'hasSessions';

/** Archiving waits for the charge point's sessions to end; restoring is never refused for this. */
export function archiveBlock(cp: Pick<ChargePoint, 'archived' | 'activeSessions'>): ChargePointBlock | null {
  return !cp.archived && cp.activeSessions > 0 ? 'activeSession' : null;
}

export function connectorArchiveBlock(
  connector: Pick<Connector, 'archived' | 'activeSessionId'>,
): ConnectorBlock | null {
  return !connector.archived && connector.activeSessionId !== null ? 'charging' : null;
}

/** Deleting is for a connector added by mistake: one that ever charged is archived instead. */
export function connectorDeleteBlock(connector: Pick<Connector, 'hasSessions'>): ConnectorBlock | null {
  return connector.hasSessions ? 'hasSessions' : null;
}
