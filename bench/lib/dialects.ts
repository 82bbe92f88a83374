import { randomUUID } from 'node:crypto';

/**
 * What the real mix's chargers say, in OCPP 1.6 or 2.0.1. The fleet (real-mix.ts) runs the same
 * lives either way (boot, plug-in, authorize, start, periodic meter values, stop, heartbeats,
 * reconnects); a dialect turns each step into the frame its version sends. A 2.0.1 station reports
 * a plug's state only when it changes (Occupied at plug-in, Available when unplugged: Charging and
 * Finishing ride in the transaction events' chargingState), and a transaction is one stream of
 * TransactionEvents (Started, Updated with the periodic meter values, Ended) numbered by seqNo.
 */
export type OcppVersion = '1.6' | '2.0.1';

/** A connector's session as a dialect needs it. */
export interface DialectSession {
  /** 1.6: the central system's number (known after the start); 2.0.1: the charger's own UUID. */
  transactionId?: number | string;
  idTag: string;
  meterStart: number;
  startedAt: number;
  /** 2.0.1: the next event's sequence number in this transaction. */
  seqNo: number;
}

export interface Sample {
  measurand: string;
  unit: string;
  value: number;
  location?: string;
}

export type Message = [action: string, payload: () => object];
type Answer = Record<string, unknown>;

export interface Dialect {
  readonly version: OcppVersion;
  readonly subprotocol: 'ocpp1.6' | 'ocpp2.0.1';
  /** Messages of a session besides its meter values: status changes, Authorize, start and stop. */
  readonly sessionExtra: number;
  boot(serial: string): Message;
  /**
   * A connector's (0: the charger's) status in 1.6 words; undefined where 2.0.1 sends nothing.
   * `afterBoot`: the report of every connector after a (re)boot.
   */
  status(connectorId: number, status: string, afterBoot?: boolean): Message | undefined;
  authorize(idTag: string): Message;
  /** The start; a 2.0.1 charger numbers the transaction itself (set on `s` here). */
  start(connectorId: number, s: DialectSession): Message;
  /** The id the central system gave (1.6) and whether the token was accepted. */
  started(s: DialectSession, answer: Answer): boolean;
  meter(connectorId: number, s: DialectSession, samples: Sample[]): Message;
  stop(connectorId: number, s: DialectSession, meterStop: number, reason: string): Message;
}

const iso = (ms = Date.now()) => new Date(ms).toISOString();
const accepted = (info: unknown) => (info as { status?: string } | undefined)?.status === 'Accepted';

const v16: Dialect = {
  version: '1.6',
  subprotocol: 'ocpp1.6',
  // Preparing, Authorize, Start, Charging, Stop, Finishing, Available.
  sessionExtra: 7,
  boot: (serial) => [
    'BootNotification',
    () => ({
      chargePointVendor: 'Voltline',
      chargePointModel: 'Bench 22',
      chargePointSerialNumber: serial,
      firmwareVersion: '1.0.0',
    }),
  ],
  status: (connectorId, status) => [
    'StatusNotification',
    () => ({ connectorId, status, errorCode: 'NoError', timestamp: iso() }),
  ],
  authorize: (idTag) => ['Authorize', () => ({ idTag })],
  start: (connectorId, s) => {
    const timestamp = iso(s.startedAt);
    return ['StartTransaction', () => ({ connectorId, idTag: s.idTag, meterStart: s.meterStart, timestamp })];
  },
  started: (s, answer) => {
    s.transactionId = answer.transactionId as number;
    return accepted(answer.idTagInfo);
  },
  meter: (connectorId, s, samples) => [
    'MeterValues',
    () => ({
      connectorId,
      transactionId: s.transactionId,
      meterValue: [
        {
          timestamp: iso(),
          sampledValue: samples.map((x) => ({
            value: String(x.value),
            context: 'Sample.Periodic',
            measurand: x.measurand,
            unit: x.unit,
            ...(x.location ? { location: x.location } : {}),
          })),
        },
      ],
    }),
  ],
  stop: (_connectorId, s, meterStop, reason) => {
    const timestamp = iso();
    const transactionData = [
      {
        timestamp: iso(s.startedAt),
        sampledValue: [{ value: String(s.meterStart), context: 'Transaction.Begin', unit: 'Wh' }],
      },
      { timestamp, sampledValue: [{ value: String(meterStop), context: 'Transaction.End', unit: 'Wh' }] },
    ];
    const transactionId = s.transactionId;
    return [
      'StopTransaction',
      () => ({ transactionId, idTag: s.idTag, meterStop, timestamp, reason, transactionData }),
    ];
  },
};

const energy = (value: number, context: string) => ({
  value,
  context,
  measurand: 'Energy.Active.Import.Register',
  unitOfMeasure: { unit: 'Wh' },
});

/**
 * One TransactionEvent, its seqNo and time taken when the step happens (not when the frame is
 * sent), so a frame sent again after a lost answer is the very same event (E12).
 */
function event(
  s: DialectSession,
  eventType: 'Started' | 'Updated' | 'Ended',
  triggerReason: string,
  info: Record<string, unknown>,
  extra: Record<string, unknown>,
): Message {
  const payload = {
    eventType,
    timestamp: iso(),
    triggerReason,
    seqNo: s.seqNo++,
    transactionInfo: { transactionId: s.transactionId, ...info },
    ...extra,
  };
  return ['TransactionEvent', () => payload];
}

/** 1.6 stop reasons the fleet uses, as 2.0.1 trigger reasons. */
const TRIGGER_OF: Record<string, string> = {
  EVDisconnected: 'EVCommunicationLost',
  DeAuthorized: 'Deauthorized',
};

const v201: Dialect = {
  version: '2.0.1',
  subprotocol: 'ocpp2.0.1',
  // Occupied, Authorize, Started, Ended, Available.
  sessionExtra: 5,
  boot: (serial) => [
    'BootNotification',
    () => ({
      reason: 'PowerUp',
      chargingStation: {
        model: 'Bench 22',
        vendorName: 'Voltline',
        serialNumber: serial,
        firmwareVersion: '1.0.0',
      },
    }),
  ],
  status: (connectorId, status, afterBoot) => {
    // The station has no connector 0; Charging and Finishing are no change of the plug's state,
    // except in the report of every plug after a boot, where a charging one is Occupied.
    const plug =
      status === 'Available'
        ? 'Available'
        : status === 'Preparing' || (afterBoot && status === 'Charging')
          ? 'Occupied'
          : undefined;
    if (connectorId === 0 || !plug) return undefined;
    return [
      'StatusNotification',
      () => ({ timestamp: iso(), connectorStatus: plug, evseId: connectorId, connectorId: 1 }),
    ];
  },
  authorize: (idTag) => ['Authorize', () => ({ idToken: { idToken: idTag, type: 'ISO14443' } })],
  start: (connectorId, s) => {
    s.transactionId = randomUUID();
    s.seqNo = 0;
    return event(
      s,
      'Started',
      'Authorized',
      { chargingState: 'Charging' },
      {
        evse: { id: connectorId, connectorId: 1 },
        idToken: { idToken: s.idTag, type: 'ISO14443' },
        meterValue: [
          { timestamp: iso(s.startedAt), sampledValue: [energy(s.meterStart, 'Transaction.Begin')] },
        ],
      },
    );
  },
  started: (_s, answer) => accepted(answer.idTokenInfo),
  meter: (_connectorId, s, samples) =>
    event(
      s,
      'Updated',
      'MeterValuePeriodic',
      { chargingState: 'Charging' },
      {
        meterValue: [
          {
            timestamp: iso(),
            sampledValue: samples.map((x) => ({
              value: x.value,
              context: 'Sample.Periodic',
              measurand: x.measurand,
              unitOfMeasure: { unit: x.unit },
              ...(x.location ? { location: x.location } : {}),
            })),
          },
        ],
      },
    ),
  stop: (_connectorId, s, meterStop, reason) =>
    event(
      s,
      'Ended',
      TRIGGER_OF[reason] ?? 'StopAuthorized',
      // Unplugged: the EV is gone (Idle); refused at the start: still plugged in.
      { chargingState: reason === 'EVDisconnected' ? 'Idle' : 'EVConnected', stoppedReason: reason },
      { meterValue: [{ timestamp: iso(), sampledValue: [energy(meterStop, 'Transaction.End')] }] },
    ),
};

export const DIALECTS: Record<OcppVersion, Dialect> = { '1.6': v16, '2.0.1': v201 };

/**
 * Which chargers speak 2.0.1 for a share of them: spread evenly over the numbers (charger n is one
 * when ⌊n·share⌋ grows), so every process of a cluster and every part of the ramp gets its share.
 */
export function versionOf(n: number, share: number): OcppVersion {
  return Math.floor(n * share) > Math.floor((n - 1) * share) ? '2.0.1' : '1.6';
}
