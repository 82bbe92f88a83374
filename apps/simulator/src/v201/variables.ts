import type { ResolvedOptions } from '../options.js';
import type { DeviceModel, VariableSpec } from './device-model.js';
import type { Evse } from './evse.js';

const AVAILABILITY = 'Available,Occupied,Reserved,Unavailable,Faulted';
/** The station's configuration slots for network connection profiles (NetworkConfigurationPriority's values). */
export const NETWORK_SLOTS = [0, 1, 2] as const;
/** The slot of the connection the station is set up with (its options' url and security profile). */
export const FIRST_SLOT = 1;
const TX_POINTS = 'ParkingBayOccupancy,EVConnected,Authorized,DataSigned,PowerPathClosed,EnergyTransfer';
const PRIORITIES = 'AlwaysFront,InFront,NormalCycle';
const MEASURANDS = 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,SoC,Voltage';

/**
 * The variables of a small but realistic station (OCPP 2.0.1 part 2, appendix 3 names): what a CSMS
 * reads at commissioning and the few it usually writes. The charger's behaviour reads its settings
 * from here, so a SetVariables changes what it does.
 */
export function defineVariables(
  model: DeviceModel,
  options: ResolvedOptions,
  evses: readonly Evse[],
  stationAvailability: () => string,
  localListSize: () => number = () => 0,
  displayMessageCount: () => number = () => 0,
): void {
  const o = options;
  const rw = (component: string, variable: string, value: string, extra: Partial<VariableSpec> = {}) =>
    model.add({ component, variable, value, mutability: 'ReadWrite', ...extra });
  const ro = (component: string, variable: string, value: string, extra: Partial<VariableSpec> = {}) =>
    model.add({ component, variable, value, ...extra });
  const int = { dataType: 'integer' } as const;
  const bool = { dataType: 'boolean' } as const;

  ro('ChargingStation', 'Model', o.model);
  ro('ChargingStation', 'VendorName', o.vendor);
  ro('ChargingStation', 'SerialNumber', o.serial);
  ro('ChargingStation', 'AvailabilityState', 'Available', {
    dataType: 'OptionList',
    valuesList: AVAILABILITY,
    read: stationAvailability,
  });
  ro('ChargingStation', 'Available', 'true', { ...bool });

  rw('OCPPCommCtrlr', 'HeartbeatInterval', o.config.HeartbeatInterval ?? '300', {
    ...int,
    unit: 's',
    minLimit: 1,
  });
  rw('OCPPCommCtrlr', 'MessageTimeout', String(Math.ceil(o.callTimeoutMs / 1000)), {
    ...int,
    unit: 's',
    instance: 'Default',
  });
  rw('OCPPCommCtrlr', 'MessageAttempts', o.config.TransactionMessageAttempts ?? '3', {
    ...int,
    instance: 'TransactionEvent',
    minLimit: 1,
  });
  rw('OCPPCommCtrlr', 'MessageAttemptInterval', o.config.TransactionMessageRetryInterval ?? '60', {
    ...int,
    unit: 's',
    instance: 'TransactionEvent',
  });
  rw('OCPPCommCtrlr', 'NetworkConfigurationPriority', String(FIRST_SLOT), {
    dataType: 'SequenceList',
    valuesList: NETWORK_SLOTS.join(','),
  });
  rw('OCPPCommCtrlr', 'OfflineThreshold', '60', { ...int, unit: 's' });

  rw('SecurityCtrlr', 'BasicAuthPassword', o.password ?? '', { mutability: 'WriteOnly' });
  ro('SecurityCtrlr', 'SecurityProfile', String(o.securityProfile ?? 1), { ...int });
  ro('SecurityCtrlr', 'Identity', o.id);
  rw('SecurityCtrlr', 'OrganizationName', o.config.CpoName ?? 'Voltline');

  for (const instance of ['GetReport', 'GetVariables', 'SetVariables'] as const) {
    ro('DeviceDataCtrlr', 'ItemsPerMessage', instance === 'GetReport' ? '10' : '20', {
      ...int,
      variableInstance: instance,
    });
    ro('DeviceDataCtrlr', 'BytesPerMessage', '8192', { ...int, variableInstance: instance });
  }

  rw('AuthCtrlr', 'Enabled', 'true', { ...bool });
  rw('AuthCtrlr', 'AuthorizeRemoteStart', 'false', { ...bool });
  rw('AuthCtrlr', 'LocalAuthorizeOffline', 'true', { ...bool });
  rw('AuthCtrlr', 'LocalPreAuthorize', 'false', { ...bool });
  rw('AuthCtrlr', 'OfflineTxForUnknownIdEnabled', 'false', { ...bool });
  rw('LocalAuthListCtrlr', 'Enabled', 'true', { ...bool });
  rw('ReservationCtrlr', 'Enabled', 'true', { ...bool });
  rw('ReservationCtrlr', 'NonEvseSpecific', 'true', { ...bool });
  rw('SmartChargingCtrlr', 'Enabled', 'true', { ...bool });
  // I01-I03: the station shows tariffs and running costs the CSMS sends (in this currency).
  rw('TariffCostCtrlr', 'Enabled', 'true', { ...bool, variableInstance: 'Tariff' });
  rw('TariffCostCtrlr', 'Enabled', 'true', { ...bool, variableInstance: 'Cost' });
  rw('TariffCostCtrlr', 'Currency', o.config.Currency ?? 'TRY');
  ro('SmartChargingCtrlr', 'ProfileStackLevel', o.config.ChargeProfileMaxStackLevel ?? '10', { ...int });
  ro('SmartChargingCtrlr', 'RateUnit', 'A,W', { dataType: 'MemberList', valuesList: 'A,W' });
  // D01: what one SendLocalList may carry, and how many entries the list holds (Entries' maxLimit;
  // its value is how many it holds now). Set like a 1.6 charger's keys, by their 1.6 names.
  ro('LocalAuthListCtrlr', 'ItemsPerMessage', o.config.SendLocalListMaxLength ?? '100', { ...int });
  ro('LocalAuthListCtrlr', 'BytesPerMessage', o.config.LocalAuthListBytesPerMessage ?? '65536', { ...int });
  ro('LocalAuthListCtrlr', 'Entries', '0', {
    ...int,
    maxLimit: Number(o.config.LocalAuthListMaxLength ?? '1000'),
    read: () => String(localListSize()),
  });
  // O01-O06: the display messages the station takes (DisplayMessages' maxLimit; its value is how
  // many it holds), in which formats and priorities. Set by their configuration key names.
  ro('DisplayMessageCtrlr', 'Available', o.config.DisplayMessageAvailable ?? 'true', { ...bool });
  ro('DisplayMessageCtrlr', 'DisplayMessages', '0', {
    ...int,
    maxLimit: Number(o.config.NumberOfDisplayMessages ?? '10'),
    read: () => String(displayMessageCount()),
  });
  ro('DisplayMessageCtrlr', 'SupportedFormats', o.config.DisplayMessageSupportedFormats ?? 'ASCII,URI,UTF8', {
    dataType: 'MemberList',
    valuesList: 'ASCII,HTML,URI,UTF8',
  });
  ro('DisplayMessageCtrlr', 'SupportedPriorities', o.config.DisplayMessageSupportedPriorities ?? PRIORITIES, {
    dataType: 'MemberList',
    valuesList: PRIORITIES,
  });

  rw('TxCtrlr', 'EVConnectionTimeOut', '120', { ...int, unit: 's' });
  rw('TxCtrlr', 'StopTxOnEVSideDisconnect', 'true', { ...bool });
  rw('TxCtrlr', 'StopTxOnInvalidId', 'true', { ...bool });
  rw('TxCtrlr', 'TxStartPoint', 'EVConnected,Authorized', { dataType: 'MemberList', valuesList: TX_POINTS });
  rw('TxCtrlr', 'TxStopPoint', 'EVConnected,Authorized', { dataType: 'MemberList', valuesList: TX_POINTS });

  const sample = o.config.MeterValueSampleInterval ?? '60';
  rw('SampledDataCtrlr', 'TxUpdatedInterval', sample, { ...int, unit: 's' });
  rw('SampledDataCtrlr', 'TxUpdatedMeasurands', 'Energy.Active.Import.Register,Power.Active.Import,SoC', {
    dataType: 'MemberList',
    valuesList: MEASURANDS,
  });

  // N07: a sensor the station's own monitors watch (and a test can heat up).
  ro('TemperatureSensor', 'Temperature', '25', { dataType: 'decimal', unit: 'Celsius' });

  for (const e of evses) {
    const at = { evse: { id: e.id } };
    ro('EVSE', 'AvailabilityState', 'Available', {
      ...at,
      dataType: 'OptionList',
      valuesList: AVAILABILITY,
      read: () => e.currentStatus(),
    });
    ro('EVSE', 'Power', String(o.maxPower), { ...at, dataType: 'decimal', unit: 'W' });
    const conn = { evse: { id: e.id, connectorId: e.connectorId } };
    ro('Connector', 'AvailabilityState', 'Available', {
      ...conn,
      dataType: 'OptionList',
      valuesList: AVAILABILITY,
      read: () => e.currentStatus(),
    });
    ro('Connector', 'ConnectorType', connectorType(o.maxPower), conn);
  }
}

/** The type of every connector of the station: CCS2 for a DC station, else a Type 2 socket. */
export function connectorType(maxPowerW: number): string {
  return maxPowerW > 43_000 ? 'cCCS2' : 'cType2';
}

/** The station's AvailabilityState: Unavailable when every EVSE is, Available while one is free. */
export function stationAvailability(evses: readonly Evse[]): string {
  if (evses.every((e) => !e.operative)) return 'Unavailable';
  return evses.some((e) => e.currentStatus() === 'Available') ? 'Available' : 'Occupied';
}
