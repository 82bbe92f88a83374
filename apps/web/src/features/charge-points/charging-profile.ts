import type { CsChargingProfile } from '@voltline/contract';

/** The remote start dialog's optional "Limit charging" section. */
export interface StartLimit {
  limit: number;
  unit: 'A' | 'W';
  /** Empty: the limit holds for the whole session. */
  durationMinutes?: number | null;
}

/**
 * The TxProfile sent with RemoteStartTransaction: relative to the session's start, one period,
 * no transactionId (OCPP 1.6 forbids one here: the transaction does not exist yet). The id only
 * needs to be a positive integer the charger has not seen on that connector.
 */
export function startProfile(v: StartLimit, now = Date.now()): CsChargingProfile {
  const seconds = v.durationMinutes ? Math.round(v.durationMinutes * 60) : 0;
  return {
    chargingProfileId: Math.floor(now % 1e9) || 1,
    stackLevel: 0,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: {
      chargingRateUnit: v.unit,
      ...(seconds > 0 ? { duration: seconds } : {}),
      chargingSchedulePeriod: [{ startPeriod: 0, limit: v.limit }],
    },
  };
}

/** The remote start form's field for a field the server refused (`body.chargingProfile...`). */
export function startFieldOf(field: string): 'idTag' | 'limit' | 'limitUnit' | 'limitDuration' | undefined {
  const path = field.replace(/^body\./, '');
  if (path === 'idTag') return 'idTag';
  if (!path.startsWith('chargingProfile')) return undefined;
  if (path.endsWith('chargingSchedule.chargingRateUnit')) return 'limitUnit';
  if (path.endsWith('chargingSchedule.duration')) return 'limitDuration';
  // The limit is the only other part of the profile the user chose.
  return 'limit';
}
