import { z } from 'zod';

/**
 * OCPP 1.6 ChargePointErrorCode (StatusNotification). A later protocol's codes reach the portal as
 * they are; one not listed here is shown as given.
 */
export const CHARGER_ERROR_CODES = [
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'NoError',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
] as const;

/**
 * A connector's (or, for connector 0, the charge point's) current fault as its charger reported
 * it: the error code, the charger's own text (`info`), the vendor's code and whose it is, and
 * since when the same fault has been reported. Null when it reports NoError.
 */
export const ChargerFault = z.object({
  errorCode: z.string(),
  info: z.string().nullable(),
  vendorId: z.string().nullable(),
  vendorErrorCode: z.string().nullable(),
  since: z.string(),
});
export type ChargerFault = z.infer<typeof ChargerFault>;

/** One fault of a connector, from its first report to the report that ended it (null: ongoing). */
export const FaultPeriod = z.object({
  id: z.number().int(),
  /** 0: the charge point itself. */
  connectorId: z.number().int().nullable(),
  errorCode: z.string(),
  info: z.string().nullable(),
  vendorId: z.string().nullable(),
  vendorErrorCode: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type FaultPeriod = z.infer<typeof FaultPeriod>;

/**
 * A charge point's state summed up from its connection and connectors, first match wins:
 * offline (not connected), faulted (it, or every connector, Faulted), partlyFaulted (some
 * connector Faulted), charging (a connector Charging or suspended), else available.
 */
export const CHARGE_POINT_STATES = ['offline', 'faulted', 'partlyFaulted', 'charging', 'available'] as const;
export const ChargePointState = z.enum(CHARGE_POINT_STATES);
export type ChargePointState = z.infer<typeof ChargePointState>;

/** Connector statuses that count as charging in the summed-up state. */
export const CHARGING_STATUSES = ['Charging', 'SuspendedEV', 'SuspendedEVSE'] as const;
