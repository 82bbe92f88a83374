import type { NewMeterValue } from './sessions.repository.js';

/**
 * A charger's transaction event in the domain's words, whatever protocol carried it (OCPP 2.0.1
 * TransactionEvent today): the adapter translates the frame into this, and back from the stored
 * frame when the session is folded again.
 */
export interface ChargerTxEvent {
  /** The charger's own transaction id. */
  transactionId: string;
  /** 0 for the first event of the transaction, one more for each event after it. */
  seqNo: number;
  kind: 'Started' | 'Updated' | 'Ended';
  trigger: string;
  at: Date;
  /** The event happened while the charger was offline: late news, processed like any other. */
  offline: boolean;
  /** The connector (a 2.0.1 charger's EVSE) the event names, if it names one. */
  connectorId?: number;
  /** The card or token the event carries; `free`: charging needs no authorization (free vend). */
  token?: { idTag: string; free: boolean };
  reservationId?: number;
  remoteStartId?: number;
  /** Why the transaction ended (the Ended event's reason). */
  stopReason?: string;
  /** Its samples as meter rows (energy in Wh, power in W), without charger, connector or session. */
  samples: MeterSample[];
}

export type MeterSample = Omit<NewMeterValue, 'chargePointId' | 'connectorId' | 'sessionId'>;

const ENERGY = 'Energy.Active.Import.Register';

/** What a session is, by the events of its transaction stored so far. */
export interface TxFold {
  /** The EVSE of the first event that names one; null while none did. */
  connectorId: number | null;
  startedAt: Date;
  meterStart: number;
  live: { lastMeterWh?: number; lastPowerW?: number; lastSoc?: number };
  /** The token of the first event that carries one: the one the session is authorized by. */
  token?: { idTag: string; free: boolean };
  reservationId: number | null;
  remoteStartId: number | null;
  hasStarted: boolean;
  ended?: {
    at: Date;
    stopReason: string;
    meterStop: number;
    stopIdTag: string | null;
    /** Every event 0..the Ended event's seqNo is stored: the session may close. */
    complete: boolean;
  };
}

/** A position in the transaction: sample time, then the event's seqNo, then the sample's place in it. */
interface At {
  at: number;
  seqNo: number;
  idx: number;
}
type Reg = At & { wh: number };
type Reading = At & { v: number };
type First<T> = { v: T; seqNo: number };

/**
 * What the fold needs of a set of events, and no more: every field is a minimum or maximum over
 * the events, so two summaries merge in any order and grouping to the summary of all their events
 * (`mergeSummaries` is commutative and associative). A session keeps its transaction's summary,
 * so an event costs a merge, not a new read of every event before it. JSON-safe: stored as is.
 */
export interface TxSummary {
  /** The seqNos stored, ascending (each once: the store refuses a second). */
  seqNos: number[];
  /** The Started event: its time. */
  started?: First<number>;
  /** The earliest event: its time, the lowest seqNo among equal times. */
  earliest?: First<number>;
  connectorId?: First<number>;
  reservationId?: First<number>;
  remoteStartId?: First<number>;
  token?: First<{ idTag: string; free: boolean }>;
  /** The token of the last (highest seqNo) event sent because a token stopped the transaction. */
  stopper?: First<string>;
  /** The earliest Transaction.Begin register, and the earliest and newest of any context. */
  beginReg?: Reg;
  firstReg?: Reg;
  lastReg?: Reg;
  live: { meterWh?: Reading; powerW?: Reading; soc?: Reading };
  ended?: {
    seqNo: number;
    at: number;
    stopReason: string | null;
    stopIdTag: string | null;
    /** The newest Transaction.End register the Ended event itself carries. */
    endReg?: Reg;
  };
}

const before = (a: At, b: At) =>
  a.at < b.at || (a.at === b.at && (a.seqNo < b.seqNo || (a.seqNo === b.seqNo && a.idx < b.idx)));
/** The newer register; on the same time the higher seqNo, then the first sample of the event. */
const newer = (a: At, b: At) =>
  a.at > b.at || (a.at === b.at && (a.seqNo > b.seqNo || (a.seqNo === b.seqNo && a.idx < b.idx)));
/** The later reading (live figures: the last one in time, then seqNo, then place). */
const later = (a: At, b: At) => !before(a, b) && !(a.at === b.at && a.seqNo === b.seqNo && a.idx === b.idx);

const pick = <T extends At>(a: T | undefined, b: T | undefined, better: (x: At, y: At) => boolean) =>
  a === undefined ? b : b === undefined ? a : better(b, a) ? b : a;
const lowest = <T>(a: First<T> | undefined, b: First<T> | undefined) =>
  a === undefined ? b : b === undefined ? a : b.seqNo < a.seqNo ? b : a;
const earliestOf = (a: First<number> | undefined, b: First<number> | undefined) =>
  a === undefined ? b : b === undefined ? a : b.v < a.v || (b.v === a.v && b.seqNo < a.seqNo) ? b : a;

function mergeSeqNos(a: number[], b: number[]): number[] {
  if (b.length === 1 && (a.length === 0 || b[0]! > a[a.length - 1]!)) return [...a, b[0]!];
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** The summary of the events of both. */
export function mergeSummaries(a: TxSummary, b: TxSummary): TxSummary {
  const ended =
    a.ended && b.ended ? (b.ended.seqNo < a.ended.seqNo ? b.ended : a.ended) : (a.ended ?? b.ended);
  const out: TxSummary = {
    seqNos: mergeSeqNos(a.seqNos, b.seqNos),
    live: {},
  };
  const set = <K extends keyof TxSummary>(k: K, v: TxSummary[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('started', lowest(a.started, b.started));
  set('earliest', earliestOf(a.earliest, b.earliest));
  set('connectorId', lowest(a.connectorId, b.connectorId));
  set('reservationId', lowest(a.reservationId, b.reservationId));
  set('remoteStartId', lowest(a.remoteStartId, b.remoteStartId));
  set('token', lowest(a.token, b.token));
  set(
    'stopper',
    a.stopper && b.stopper
      ? b.stopper.seqNo > a.stopper.seqNo
        ? b.stopper
        : a.stopper
      : (a.stopper ?? b.stopper),
  );
  set('beginReg', pick(a.beginReg, b.beginReg, before));
  set('firstReg', pick(a.firstReg, b.firstReg, before));
  set('lastReg', pick(a.lastReg, b.lastReg, newer));
  set('ended', ended);
  for (const k of ['meterWh', 'powerW', 'soc'] as const) {
    const v = pick(a.live[k], b.live[k], later);
    if (v !== undefined) out.live[k] = v;
  }
  return out;
}

/** The summary of one event. */
export function summarize(e: ChargerTxEvent): TxSummary {
  const sum: TxSummary = { seqNos: [e.seqNo], earliest: { v: e.at.getTime(), seqNo: e.seqNo }, live: {} };
  const first = <T>(v: T | undefined) => (v === undefined ? undefined : { v, seqNo: e.seqNo });
  if (e.kind === 'Started') sum.started = { v: e.at.getTime(), seqNo: e.seqNo };
  const connectorId = first(e.connectorId);
  if (connectorId) sum.connectorId = connectorId;
  const reservationId = first(e.reservationId);
  if (reservationId) sum.reservationId = reservationId;
  const remoteStartId = first(e.remoteStartId);
  if (remoteStartId) sum.remoteStartId = remoteStartId;
  const token = first(e.token);
  if (token) sum.token = token;
  if (e.trigger === 'StopAuthorized' && e.token) sum.stopper = { v: e.token.idTag, seqNo: e.seqNo };
  let endReg: Reg | undefined;
  e.samples.forEach((s, idx) => {
    if (s.numeric === null || s.numeric === undefined) return;
    const pos = { at: s.at.getTime(), seqNo: e.seqNo, idx };
    // Live figures take a kilo unit (kWh, kW) as a thousand; a register beyond exact integers is
    // kept in the samples only.
    const k = s.unit === 'kWh' || s.unit === 'kW' ? 1000 : 1;
    if (s.measurand === ENERGY && !s.phase) {
      const wh = Math.round(s.unit === 'kWh' ? s.numeric * 1000 : s.numeric);
      if (Number.isSafeInteger(wh)) {
        const reg = { ...pos, wh };
        sum.firstReg = pick(sum.firstReg, reg, before);
        sum.lastReg = pick(sum.lastReg, reg, newer);
        if (s.context === 'Transaction.Begin') sum.beginReg = pick(sum.beginReg, reg, before);
        if (s.context === 'Transaction.End') endReg = pick(endReg, reg, newer);
      }
      const liveWh = Math.round(s.numeric * k);
      if (Number.isSafeInteger(liveWh))
        sum.live.meterWh = pick(sum.live.meterWh, { ...pos, v: liveWh }, later);
    } else if (s.measurand === 'Power.Active.Import' && !s.phase) {
      sum.live.powerW = pick(sum.live.powerW, { ...pos, v: s.numeric * k }, later);
    } else if (s.measurand === 'SoC') {
      sum.live.soc = pick(sum.live.soc, { ...pos, v: s.numeric }, later);
    }
  });
  if (e.kind === 'Ended')
    sum.ended = {
      seqNo: e.seqNo,
      at: e.at.getTime(),
      stopReason: e.stopReason ?? null,
      stopIdTag: e.token?.idTag ?? null,
      ...(endReg ? { endReg } : {}),
    };
  return sum;
}

/** What a session is, by the summary of its transaction's events. */
export function foldSummary(sum: TxSummary): TxFold {
  const meterStart = (sum.beginReg ?? sum.firstReg)?.wh ?? 0;
  const live: TxFold['live'] = {};
  if (sum.live.meterWh) live.lastMeterWh = sum.live.meterWh.v;
  if (sum.live.powerW) live.lastPowerW = sum.live.powerW.v;
  if (sum.live.soc) live.lastSoc = sum.live.soc.v;
  const fold: TxFold = {
    connectorId: sum.connectorId?.v ?? null,
    startedAt: new Date((sum.started ?? sum.earliest)?.v ?? 0),
    meterStart,
    live,
    reservationId: sum.reservationId?.v ?? null,
    remoteStartId: sum.remoteStartId?.v ?? null,
    hasStarted: sum.started !== undefined,
  };
  if (sum.token) fold.token = sum.token.v;
  const ended = sum.ended;
  if (ended) {
    // Complete when every seqNo 0..the Ended event's is stored: the stored seqNos are unique
    // integers, ascending, so from the place of 0 on, the one n places further is n.
    const zero = sum.seqNos.indexOf(0);
    const complete = ended.seqNo >= 0 && zero >= 0 && sum.seqNos[zero + ended.seqNo] === ended.seqNo;
    fold.ended = {
      at: new Date(ended.at),
      // OCPP 2.0.1: a transaction stopped normally may omit its reason, which is then Local.
      stopReason: ended.stopReason ?? 'Local',
      meterStop: (ended.endReg ?? sum.lastReg)?.wh ?? meterStart,
      // Who stopped it: the Ended event's token, else that of the last event sent because a token
      // stopped the transaction (E06/C09: a card of the starter's group may be it).
      stopIdTag: ended.stopIdTag ?? sum.stopper?.v ?? null,
      complete,
    };
  }
  return fold;
}

/**
 * The fold of a transaction's events: the same whatever order they arrived in (it depends on the
 * set of events alone). Started gives the start time, else the earliest event; the meter start is
 * the Transaction.Begin register, else the earliest register; the meter stop the Ended event's
 * Transaction.End register, else the newest. Ties go to the lower seqNo (start) or the higher (stop).
 */
export function foldEvents(events: ChargerTxEvent[]): TxFold {
  return foldSummary(summarizeAll(events));
}

/** The summary of a set of events (empty for none). */
export function summarizeAll(events: ChargerTxEvent[]): TxSummary {
  return events.map(summarize).reduce(mergeSummaries, { seqNos: [], live: {} });
}
