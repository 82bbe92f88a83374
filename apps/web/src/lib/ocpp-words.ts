import type { CloseCause } from '@voltline/contract';
import type { TFunction } from 'i18next';

/**
 * OCPP error codes and WebSocket close frames, said in the interface language. What the charger
 * wrote itself (a fault's info, a close reason) is its own text in any language: it is never the
 * explanation, only the aside shown with it.
 */

export interface FaultParts {
  connectorId: number | null;
  errorCode: string | null;
  info?: string | null;
  vendorErrorCode?: string | null;
}

export interface CloseParts {
  closeCode: number | null;
  closeCause: CloseCause | null;
  closeReason: string | null;
  detail?: string | null;
}

/** One of OCPP 1.6's ChargePointErrorCode values in words; an unknown code is named as such. */
export function errorCodeWords(tc: TFunction<'common'>, code: string): string {
  return tc(`ocpp.errorCodes.${code}`, { defaultValue: tc('ocpp.errorCodes.unknown', { code }) });
}

/** "Connector 1: Ground fault", or the whole charge point's fault on connector 0. */
export function faultWords(tc: TFunction<'common'>, f: FaultParts): string {
  const error = errorCodeWords(tc, f.errorCode ?? 'OtherError');
  return f.connectorId
    ? tc('ocpp.fault.connector', { connectorId: f.connectorId, error })
    : tc('ocpp.fault.chargePoint', { error });
}

/** The charger's own words about a fault, for a tooltip: its note and manufacturer's code. */
export function faultAside(tc: TFunction<'common'>, f: FaultParts): string | null {
  const parts = [
    f.info ? tc('ocpp.fault.chargerNote', { info: f.info }) : null,
    f.vendorErrorCode ? tc('ocpp.fault.vendorCode', { code: f.vendorErrorCode }) : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

/** Why a connection closed, in words; text Voltline cannot explain is shown as it was stored. */
export function closeWords(tc: TFunction<'common'>, c: CloseParts): string | null {
  if (c.closeCause) return tc(`ocpp.close.${c.closeCause}`, { code: c.closeCode ?? '' });
  return c.detail ?? c.closeReason ?? null;
}

/** The close frame as sent, for a tooltip: its code and the charger's words. */
export function closeAside(tc: TFunction<'common'>, c: CloseParts): string | null {
  if (!c.closeCause) return null;
  const parts = [
    c.closeCode !== null && c.closeCause !== 'error' ? tc('ocpp.close.code', { code: c.closeCode }) : null,
    c.closeReason ? tc('ocpp.close.chargerWords', { reason: c.closeReason }) : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}
