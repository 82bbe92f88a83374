import type { Ocpp } from '@voltline/contract';
import { decodeAuthorizationKey } from './authorization-key.js';

type Kind = 'int' | 'bool' | 'csl' | 'string' | 'authorizationKey' | 'securityProfile';

interface KeyDef {
  value: string;
  readonly: boolean;
  kind: Kind;
  /** The charger only applies a new value after a reboot. */
  rebootRequired?: boolean;
  /** Never reported by GetConfiguration (a secret: the security whitepaper makes AuthorizationKey write-only). */
  writeOnly?: boolean;
}

export type ChangeStatus = Ocpp.ChangeConfigurationResponse['status'];
export type ConfigurationKey = NonNullable<Ocpp.GetConfigurationResponse['configurationKey']>[number];

const MEASURANDS = new Set([
  'Energy.Active.Import.Register',
  'Power.Active.Import',
  'Current.Import',
  'Current.Offered',
  'Voltage',
  'SoC',
  'Power.Offered',
  'Temperature',
  'Frequency',
]);

/** The charger's OCPP configuration keys (section 9.1 of OCPP 1.6), with their readonly flags. */
export class ConfigStore {
  private readonly keys = new Map<string, KeyDef>();
  private readonly listeners: Array<(key: string, value: string) => void> = [];

  constructor(connectors: number, overrides: Record<string, string> = {}) {
    const rw = (value: string, kind: Kind, rebootRequired = false): KeyDef => ({
      value,
      kind,
      readonly: false,
      rebootRequired,
    });
    const ro = (value: string, kind: Kind): KeyDef => ({ value, kind, readonly: true });
    const defs: Record<string, KeyDef> = {
      AllowOfflineTxForUnknownId: rw('false', 'bool'),
      AuthorizationCacheEnabled: rw('true', 'bool'),
      AuthorizeRemoteTxRequests: rw('true', 'bool'),
      ClockAlignedDataInterval: rw('0', 'int'),
      ConnectionTimeOut: rw('60', 'int'),
      ConnectorPhaseRotation: rw('0.RST', 'csl'),
      GetConfigurationMaxKeys: ro('50', 'int'),
      HeartbeatInterval: rw('300', 'int'),
      LocalAuthorizeOffline: rw('true', 'bool'),
      LocalPreAuthorize: rw('false', 'bool'),
      // Optional in OCPP 1.6: with StopTransactionOnInvalidId false, the energy a refused transaction may still get.
      MaxEnergyOnInvalidId: rw('0', 'int'),
      MeterValuesAlignedData: rw('Energy.Active.Import.Register', 'csl'),
      MeterValuesSampledData: rw(
        'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC',
        'csl',
      ),
      MeterValueSampleInterval: rw('60', 'int'),
      NumberOfConnectors: ro(String(connectors), 'int'),
      ResetRetries: rw('3', 'int'),
      StopTransactionOnEVSideDisconnect: rw('true', 'bool'),
      StopTransactionOnInvalidId: rw('true', 'bool'),
      StopTxnAlignedData: rw('', 'csl'),
      StopTxnSampledData: rw('Energy.Active.Import.Register', 'csl'),
      SupportedFeatureProfiles: ro(
        'Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger',
        'csl',
      ),
      TransactionMessageAttempts: rw('3', 'int'),
      TransactionMessageRetryInterval: rw('60', 'int'),
      UnlockConnectorOnEVSideDisconnect: rw('true', 'bool'),
      WebSocketPingInterval: rw('0', 'int', true),
      LocalAuthListEnabled: rw('true', 'bool'),
      LocalAuthListMaxLength: ro('1000', 'int'),
      SendLocalListMaxLength: ro('100', 'int'),
      ReserveConnectorZeroSupported: ro('false', 'bool'),
      ChargeProfileMaxStackLevel: ro('10', 'int'),
      ChargingScheduleAllowedChargingRateUnit: ro('Current,Power', 'csl'),
      ChargingScheduleMaxPeriods: ro('24', 'int'),
      MaxChargingProfilesInstalled: ro('20', 'int'),
      // Security whitepaper: the Basic-auth password, hex-encoded; write-only.
      AuthorizationKey: { value: '', kind: 'authorizationKey', readonly: false, writeOnly: true },
      // Security whitepaper: the profile the charger connects with; it may only be raised.
      SecurityProfile: rw('1', 'securityProfile'),
      CpoName: rw('', 'string'),
    };
    for (const [key, def] of Object.entries(defs)) this.keys.set(key, def);
    for (const [key, value] of Object.entries(overrides)) {
      const def = this.keys.get(key);
      if (def) def.value = value;
      else this.keys.set(key, { value, kind: 'string', readonly: false });
    }
  }

  get(key: string): string | undefined {
    return this.keys.get(key)?.value;
  }

  getInt(key: string, fallback: number): number {
    const n = Number.parseInt(this.get(key) ?? '', 10);
    return Number.isFinite(n) ? n : fallback;
  }

  getBool(key: string): boolean {
    return this.get(key) === 'true';
  }

  /** Sets a value without the readonly check: the charger itself may update its own keys. */
  set(key: string, value: string): void {
    const def = this.keys.get(key);
    if (def) def.value = value;
    else this.keys.set(key, { value, kind: 'string', readonly: false });
    for (const listener of this.listeners) listener(key, value);
  }

  onChange(listener: (key: string, value: string) => void): void {
    this.listeners.push(listener);
  }

  /** GetConfiguration: all keys when none are asked for; unknown ones are reported back; secrets without value. */
  list(requested?: string[]): { configurationKey: ConfigurationKey[]; unknownKey: string[] } {
    const wanted = requested && requested.length > 0 ? requested : [...this.keys.keys()];
    const configurationKey: ConfigurationKey[] = [];
    const unknownKey: string[] = [];
    for (const key of wanted) {
      const def = this.keys.get(key);
      if (!def) unknownKey.push(key);
      else if (def.writeOnly) configurationKey.push({ key, readonly: def.readonly });
      else configurationKey.push({ key, readonly: def.readonly, value: def.value });
    }
    return { configurationKey, unknownKey };
  }

  /** ChangeConfiguration semantics of a real charger: validates the value for the key's type. */
  change(key: string, value: string): ChangeStatus {
    const def = this.keys.get(key);
    if (!def) return 'NotSupported';
    if (def.readonly) return 'Rejected';
    if (!isValid(def.kind, key, value)) return 'Rejected';
    if (def.kind === 'securityProfile' && Number(value) <= Number(def.value)) return 'Rejected';
    this.set(key, value);
    return def.rebootRequired ? 'RebootRequired' : 'Accepted';
  }
}

function isValid(kind: Kind, key: string, value: string): boolean {
  switch (kind) {
    case 'int':
      return /^\d+$/.test(value);
    case 'bool':
      return value === 'true' || value === 'false';
    case 'authorizationKey':
      return decodeAuthorizationKey(value) !== undefined;
    case 'securityProfile':
      return /^[0-3]$/.test(value);
    case 'csl':
      if (key.endsWith('SampledData') || key.endsWith('AlignedData')) {
        return value === '' || value.split(',').every((m) => MEASURANDS.has(m.trim()));
      }
      return true;
    default:
      return true;
  }
}
