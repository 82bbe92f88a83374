/** A 2.0.1 device-model variable, and whether 1.6 calls its key read-only. */
export interface Variable {
  component: string;
  variable: string;
  instance?: string;
  readonly: boolean;
}

const v = (component: string, variable: string, readonly = false, instance?: string): Variable => ({
  component,
  variable,
  readonly,
  ...(instance ? { instance } : {}),
});

/**
 * OCPP 1.6's standard configuration keys and the 2.0.1 variables that replaced them (OCPP 2.0.1
 * Part 2, referenced components and variables; A01 for AuthorizationKey). 1.6 keys with no 2.0.1
 * counterpart (MinimumStatusDuration, LightIntensity, ...) are left out: a 2.0.1 charger has no
 * such setting.
 */
export const KNOWN_KEYS: Record<string, Variable> = {
  AllowOfflineTxForUnknownId: v('AuthCtrlr', 'OfflineTxForUnknownIdEnabled'),
  AuthorizationCacheEnabled: v('AuthCacheCtrlr', 'Enabled'),
  AuthorizeRemoteTxRequests: v('AuthCtrlr', 'AuthorizeRemoteStart'),
  ClockAlignedDataInterval: v('AlignedDataCtrlr', 'Interval'),
  ConnectionTimeOut: v('TxCtrlr', 'EVConnectionTimeOut'),
  GetConfigurationMaxKeys: v('DeviceDataCtrlr', 'ItemsPerMessage', true, 'GetVariables'),
  HeartbeatInterval: v('OCPPCommCtrlr', 'HeartbeatInterval'),
  LocalAuthorizeOffline: v('AuthCtrlr', 'LocalAuthorizeOffline'),
  LocalPreAuthorize: v('AuthCtrlr', 'LocalPreAuthorize'),
  MeterValuesAlignedData: v('AlignedDataCtrlr', 'Measurands'),
  MeterValuesSampledData: v('SampledDataCtrlr', 'TxUpdatedMeasurands'),
  MeterValueSampleInterval: v('SampledDataCtrlr', 'TxUpdatedInterval'),
  ResetRetries: v('OCPPCommCtrlr', 'ResetRetries'),
  StopTransactionOnEVSideDisconnect: v('TxCtrlr', 'StopTxOnEVSideDisconnect'),
  StopTransactionOnInvalidId: v('TxCtrlr', 'StopTxOnInvalidId'),
  StopTxnAlignedData: v('AlignedDataCtrlr', 'TxEndedMeasurands'),
  StopTxnSampledData: v('SampledDataCtrlr', 'TxEndedMeasurands'),
  TransactionMessageAttempts: v('OCPPCommCtrlr', 'MessageAttempts', false, 'TransactionEvent'),
  TransactionMessageRetryInterval: v('OCPPCommCtrlr', 'MessageAttemptInterval', false, 'TransactionEvent'),
  WebSocketPingInterval: v('OCPPCommCtrlr', 'WebSocketPingInterval'),
  LocalAuthListEnabled: v('LocalAuthListCtrlr', 'Enabled'),
  LocalAuthListMaxLength: v('LocalAuthListCtrlr', 'Entries', true),
  SendLocalListMaxLength: v('LocalAuthListCtrlr', 'ItemsPerMessage', true),
  ReserveConnectorZeroSupported: v('ReservationCtrlr', 'NonEvseSpecific', true),
  ChargeProfileMaxStackLevel: v('SmartChargingCtrlr', 'ProfileStackLevel', true),
  ChargingScheduleAllowedChargingRateUnit: v('SmartChargingCtrlr', 'RateUnit', true),
  ChargingScheduleMaxPeriods: v('SmartChargingCtrlr', 'PeriodsPerSchedule', true),
  MaxChargingProfilesInstalled: v('SmartChargingCtrlr', 'Entries', true, 'ChargingProfiles'),
  SecurityProfile: v('SecurityCtrlr', 'SecurityProfile'),
  CpoName: v('SecurityCtrlr', 'OrganizationName'),
  CertificateStoreMaxLength: v('SecurityCtrlr', 'CertificateEntries', true),
  AdditionalRootCertificateCheck: v('SecurityCtrlr', 'AdditionalRootCertificateCheck', true),
  MaxCertificateChainSize: v('SecurityCtrlr', 'MaxCertificateChainSize', true),
  // Write-only in both versions: a charger never reads it back.
  AuthorizationKey: v('SecurityCtrlr', 'BasicAuthPassword'),
};

const BY_LOWER = new Map(Object.entries(KNOWN_KEYS).map(([key, variable]) => [key.toLowerCase(), variable]));

/**
 * The variable a key names: a 1.6 standard key (case-insensitive, as 1.6's keys are), or
 * `Component.Variable` with an optional `.instance` of the variable. Null when it is neither.
 */
export function variableOf(key: string): Variable | null {
  const known = BY_LOWER.get(key.toLowerCase());
  if (known) return known;
  const parts = key.split('.');
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => p === '')) return null;
  const [component = '', variable = '', instance] = parts;
  return v(component, variable, false, instance);
}
