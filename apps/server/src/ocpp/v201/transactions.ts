import type { Locale, Ocpp201 } from '@voltline/contract';
import type {
  ChargerTxEvent,
  MeterSample,
  TxEventAnswer,
} from '../../modules/sessions/sessions.transactions.js';
import { withWords } from './id-token.js';
import { mainUnits } from './tariff-cost.js';

/** OCPP 2.0.1 transaction frames in the sessions domain's words, and its answers back. */

type MeterValue = NonNullable<Ocpp201.TransactionEventRequest['meterValue']>[number];

const ENERGY = 'Energy.Active.Import.Register';

/**
 * 2.0.1 samples carry a number and a unit of measure (unit, default Wh; power-of-ten multiplier,
 * default 0); the domain keeps energy in Wh and power in W, so kWh and kW are scaled to them and
 * the multiplier applied. Other units are kept as sent, multiplier applied.
 */
export function samplesOf(values: MeterValue[]): MeterSample[] {
  return values.flatMap((mv) =>
    mv.sampledValue.flatMap((sv): MeterSample[] => {
      const measurand = sv.measurand ?? ENERGY;
      let unit = sv.unitOfMeasure?.unit ?? (measurand.startsWith('Energy') ? 'Wh' : null);
      let numeric = sv.value * 10 ** (sv.unitOfMeasure?.multiplier ?? 0);
      if (unit === 'kWh' || unit === 'kW') {
        numeric *= 1000;
        unit = unit === 'kWh' ? 'Wh' : 'W';
      }
      const sample: MeterSample = {
        at: new Date(mv.timestamp),
        measurand,
        phase: sv.phase ?? null,
        unit,
        context: sv.context ?? 'Sample.Periodic',
        location: sv.location ?? null,
        format: 'Raw',
        value: String(numeric),
        numeric: Number.isFinite(numeric) ? numeric : null,
      };
      const signed = sv.signedMeterValue;
      if (!signed) return [sample];
      // The meter's own signature of the value (e.g. OCMF), kept beside it for the driver's and a
      // partner's check (a CDR's signed_data), as 1.6's SignedData samples are.
      return [sample, { ...sample, format: 'SignedData', value: signedSample(signed), numeric: null }];
    }),
  );
}

type SignedMeterValue = NonNullable<MeterValue['sampledValue'][number]['signedMeterValue']>;

/**
 * A 2.0.1 signed meter value as a SignedData sample's text: the meter's data with how it is encoded
 * and signed and the key to check it, as JSON (1.6's SignedData samples are the meter's text alone).
 */
export const signedSample = (v: SignedMeterValue) =>
  JSON.stringify({
    encodingMethod: v.encodingMethod,
    signingMethod: v.signingMethod,
    publicKey: v.publicKey,
    signedMeterData: v.signedMeterData,
  });

/** A TransactionEvent as the domain's event. A NoAuthorization token is a free vend. */
export function toEvent(req: Ocpp201.TransactionEventRequest): ChargerTxEvent {
  const info = req.transactionInfo;
  const ev: ChargerTxEvent = {
    transactionId: info.transactionId,
    seqNo: req.seqNo,
    kind: req.eventType,
    trigger: req.triggerReason,
    at: new Date(req.timestamp),
    offline: req.offline ?? false,
    samples: samplesOf(req.meterValue ?? []),
  };
  if (req.evse) ev.connectorId = req.evse.id;
  if (req.idToken) ev.token = { idTag: req.idToken.idToken, free: req.idToken.type === 'NoAuthorization' };
  if (req.reservationId !== undefined) ev.reservationId = req.reservationId;
  if (info.remoteStartId !== undefined) ev.remoteStartId = info.remoteStartId;
  if (info.stoppedReason) ev.stopReason = info.stoppedReason;
  return ev;
}

/** A stored event back (transaction_events.payload holds the frame as the charger sent it). */
export const decodeEvent = (payload: Record<string, unknown>): ChargerTxEvent =>
  toEvent(payload as Ocpp201.TransactionEventRequest);

/**
 * The domain's answer as a 2.0.1 response: idTokenInfo only for an event that carried a token
 * (a card's expiry as the cache's expiry, its group, a message in the driver's language); the
 * total cost, in the currency's main unit, once the event closed a billed session.
 */
export function toResponse(answer: TxEventAnswer, locale: Locale): Ocpp201.TransactionEventResponse {
  const res: Ocpp201.TransactionEventResponse = {};
  if (answer.token) res.idTokenInfo = withWords(answer.token, locale);
  if (answer.cost) res.totalCost = mainUnits(answer.cost.amount);
  return res;
}
