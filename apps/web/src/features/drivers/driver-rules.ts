import type { Driver } from '@voltline/contract';

/**
 * What the server refuses to do to a driver (409 in drivers.service), asked before offering it:
 * nobody is deleted while one of their charging sessions runs.
 */
export type DriverBlock = 'activeSession';

export function deleteBlock(driver: Pick<Driver, 'activeSessions'>): DriverBlock | null {
  return driver.activeSessions > 0 ? 'activeSession' : null;
}
