import type { Ocpp201 } from '@voltline/contract';

/** OCPP 2.0.1 TransactionEvent frames a charging station sends, for the tests that drive one. */

export type TxReq = Ocpp201.TransactionEventRequest;

/** An energy register sample in kWh, as 2.0.1 stations commonly report it. */
export const kwh = (wh: number, context?: 'Transaction.Begin' | 'Transaction.End') => ({
  value: wh / 1000,
  unitOfMeasure: { unit: 'kWh' },
  ...(context ? { context } : {}),
});

export interface TxOptions {
  /** The card's number, or 'free' for a NoAuthorization token; none: plugged in first. */
  token?: string;
  evse?: number;
  meterStart?: number;
  meterStop?: number;
  /** Minutes from the start to the end. */
  minutes?: number;
  reason?: Ocpp201.TransactionEventRequest['transactionInfo']['stoppedReason'];
  offline?: boolean;
}

/**
 * A transaction as three events (Started, Updated charging, Ended), starting at `start` (ms):
 * the register from meterStart to meterStop, the Updated halfway through.
 */
export function txEvents(id: string, start: number, o: TxOptions = {}): [TxReq, TxReq, TxReq] {
  const minutes = o.minutes ?? 40;
  const meterStart = o.meterStart ?? 1000;
  const meterStop = o.meterStop ?? 6000;
  const at = (m: number) => new Date(start + m * 60_000).toISOString();
  const idToken =
    o.token === 'free'
      ? { idToken: '', type: 'NoAuthorization' as const }
      : o.token
        ? { idToken: o.token, type: 'ISO14443' as const }
        : undefined;
  const offline = o.offline ? { offline: true } : {};
  return [
    {
      eventType: 'Started',
      timestamp: at(0),
      triggerReason: idToken ? 'Authorized' : 'CablePluggedIn',
      seqNo: 0,
      transactionInfo: { transactionId: id, chargingState: idToken ? 'Charging' : 'EVConnected' },
      evse: { id: o.evse ?? 1, connectorId: 1 },
      meterValue: [{ timestamp: at(0), sampledValue: [kwh(meterStart, 'Transaction.Begin')] }],
      ...(idToken ? { idToken } : {}),
      ...offline,
    },
    {
      eventType: 'Updated',
      timestamp: at(minutes / 2),
      triggerReason: 'MeterValuePeriodic',
      seqNo: 1,
      transactionInfo: { transactionId: id, chargingState: 'Charging' },
      meterValue: [
        { timestamp: at(minutes / 2), sampledValue: [{ value: Math.round((meterStart + meterStop) / 2) }] },
      ],
      ...offline,
    },
    {
      eventType: 'Ended',
      timestamp: at(minutes),
      triggerReason: 'EVDeparted',
      seqNo: 2,
      transactionInfo: {
        transactionId: id,
        chargingState: 'Idle',
        ...(o.reason ? { stoppedReason: o.reason } : {}),
      },
      meterValue: [{ timestamp: at(minutes), sampledValue: [kwh(meterStop, 'Transaction.End')] }],
      ...offline,
    },
  ];
}
