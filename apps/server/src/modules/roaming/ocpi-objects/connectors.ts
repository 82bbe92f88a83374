import { latest, type LocationOptions, type PublishedChargePoint, type PublishedConnector } from './rows.js';
import type { Connector, ConnectorFormat, ConnectorStandard, PowerType } from './types.js';

/** A connector row as an OCPI Connector: its plug's standard and format, power type and limits. */

interface Plug {
  standard: ConnectorStandard;
  format: ConnectorFormat;
  powerType: PowerType;
}

/** Above this a GB/T or Tesla connector is taken for DC (W). */
const AC_MAX_W = 22_000;

/** Voltline's connector type (contract CONNECTOR_TYPES) as an OCPI standard, format and power type. */
export function plugOf(connectorType: string | null, powerW: number | null): Plug {
  const dc = powerW !== null && powerW > AC_MAX_W;
  switch (connectorType) {
    case 'Type1':
      return { standard: 'IEC_62196_T1', format: 'CABLE', powerType: 'AC_1_PHASE' };
    case 'CCS1':
      return { standard: 'IEC_62196_T1_COMBO', format: 'CABLE', powerType: 'DC' };
    case 'CCS2':
      return { standard: 'IEC_62196_T2_COMBO', format: 'CABLE', powerType: 'DC' };
    case 'CHAdeMO':
      return { standard: 'CHADEMO', format: 'CABLE', powerType: 'DC' };
    case 'GB/T':
      return dc
        ? { standard: 'GBT_DC', format: 'CABLE', powerType: 'DC' }
        : { standard: 'GBT_AC', format: 'SOCKET', powerType: 'AC_3_PHASE' };
    case 'Tesla':
      return { standard: 'TESLA_S', format: 'CABLE', powerType: dc ? 'DC' : 'AC_3_PHASE' };
    case 'Schuko':
      return { standard: 'DOMESTIC_F', format: 'SOCKET', powerType: 'AC_1_PHASE' };
    default:
      // Type2, and a connector whose type was never set: the European AC socket.
      return { standard: 'IEC_62196_T2', format: 'SOCKET', powerType: 'AC_3_PHASE' };
  }
}

/** Voltage (V, line to neutral for AC as OCPI counts it) and phases of a power type. */
const ELECTRICS: Record<PowerType, { voltage: number; phases: number; defaultW: number }> = {
  AC_1_PHASE: { voltage: 230, phases: 1, defaultW: 7_400 },
  AC_2_PHASE: { voltage: 230, phases: 2, defaultW: 14_700 },
  AC_2_PHASE_SPLIT: { voltage: 230, phases: 2, defaultW: 14_700 },
  AC_3_PHASE: { voltage: 230, phases: 3, defaultW: 22_000 },
  DC: { voltage: 920, phases: 1, defaultW: 50_000 },
};

/** The charger's maximum in W (its max power may be stated in A). */
function chargerPowerW(cp: PublishedChargePoint, powerType: PowerType): number | null {
  if (cp.maxPower === null || cp.maxPower <= 0) return null;
  if (cp.powerUnit !== 'A') return cp.maxPower;
  const e = ELECTRICS[powerType];
  return cp.maxPower * e.voltage * e.phases;
}

export function toOcpiConnector(
  cp: PublishedChargePoint,
  c: PublishedConnector,
  options: LocationOptions = {},
): Connector {
  const statedW = c.maximumPower !== null && c.maximumPower > 0 ? c.maximumPower : null;
  const hint = statedW ?? (cp.powerUnit === 'A' ? null : cp.maxPower);
  const plug = plugOf(c.connectorType, hint);
  const e = ELECTRICS[plug.powerType];
  const power = statedW ?? chargerPowerW(cp, plug.powerType) ?? e.defaultW;
  const tariffId = options.tariffId ?? c.tariffId;
  return {
    id: '1',
    standard: plug.standard,
    format: plug.format,
    power_type: plug.powerType,
    max_voltage: e.voltage,
    max_amperage: Math.round(power / (e.voltage * e.phases)),
    max_electric_power: Math.round(power),
    ...(tariffId ? { tariff_ids: [String(tariffId)] } : {}),
    last_updated: latest(c.createdAt, cp.updatedAt),
  };
}
