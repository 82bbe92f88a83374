import type { Locale } from '@voltline/contract';
import { translate, type MessageKey } from '../../lib/messages.js';

/** Refusals the standard names (N02-N06), each with its own words; any other is said with its status. */
const KNOWN = new Set([
  'UnknownComponent',
  'UnknownVariable',
  'UnsupportedMonitorType',
  'Rejected',
  'Duplicate',
  'NotFound',
  'NotSupported',
  'EmptyResultSet',
]);

export function refusalText(locale: Locale, status: string): string {
  return KNOWN.has(status)
    ? translate(locale, `monitoring.refused.${status}` as MessageKey)
    : translate(locale, 'monitoring.refused', { status });
}
