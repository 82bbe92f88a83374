import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await csms.close();
});

async function station(id: string): Promise<SimCharger201> {
  const s = await startCharger201({ url: csms.url, id, connectors: 2, speed: 20, password: 'first-secret' });
  stations.push(s);
  return s;
}

const v = (
  component: string,
  variable: string,
  extra: { instance?: string; evse?: { id: number; connectorId?: number } } = {},
) => ({
  component: { name: component, ...(extra.evse ? { evse: extra.evse } : {}) },
  variable: { name: variable, ...(extra.instance ? { instance: extra.instance } : {}) },
});

describe('OCPP 2.0.1 device model', () => {
  it('B06 get variables: values, a write-only password, unknown components and variables, unsupported attributes', async () => {
    await station('B06');
    const { getVariableResult } = await csms.call('B06', 'GetVariables', {
      getVariableData: [
        v('OCPPCommCtrlr', 'HeartbeatInterval'),
        v('SecurityCtrlr', 'BasicAuthPassword'),
        v('SecurityCtrlr', 'SecurityProfile'),
        v('DeviceDataCtrlr', 'ItemsPerMessage', { instance: 'GetReport' }),
        v('Connector', 'AvailabilityState', { evse: { id: 2, connectorId: 1 } }),
        v('FluxCapacitor', 'Enabled'),
        v('TxCtrlr', 'NoSuchVariable'),
        { ...v('SampledDataCtrlr', 'TxUpdatedInterval'), attributeType: 'MaxSet' },
      ],
    });
    expect(getVariableResult.map((r) => [r.attributeStatus, r.attributeValue])).toEqual([
      ['Accepted', '300'],
      ['Rejected', undefined],
      ['Accepted', '1'],
      ['Accepted', '10'],
      ['Accepted', 'Available'],
      ['UnknownComponent', undefined],
      ['UnknownVariable', undefined],
      ['NotSupportedAttributeType', undefined],
    ]);
  });

  it('B05 set variables: writable values change behaviour, read-only and invalid values are Rejected', async () => {
    const s = await station('B07');
    const { setVariableResult } = await csms.call('B07', 'SetVariables', {
      setVariableData: [
        { ...v('SampledDataCtrlr', 'TxUpdatedInterval'), attributeValue: '15' },
        { ...v('OCPPCommCtrlr', 'HeartbeatInterval'), attributeValue: 'often' },
        { ...v('ChargingStation', 'Model'), attributeValue: 'Other' },
        { ...v('TxCtrlr', 'TxStartPoint'), attributeValue: 'Authorized,Teleport' },
        { ...v('AuthCtrlr', 'AuthorizeRemoteStart'), attributeValue: 'true' },
      ],
    });
    expect(setVariableResult.map((r) => r.attributeStatus)).toEqual([
      'Accepted',
      'Rejected',
      'Rejected',
      'Rejected',
      'Accepted',
    ]);
    expect(s.model.getInt('SampledDataCtrlr', 'TxUpdatedInterval', 0)).toBe(15);

    // A new BasicAuthPassword: the station reconnects with it.
    const connections = csms.messages('B07').length;
    const [pw] = (
      await csms.call('B07', 'SetVariables', {
        setVariableData: [{ ...v('SecurityCtrlr', 'BasicAuthPassword'), attributeValue: 'second-secret' }],
      })
    ).setVariableResult;
    expect(pw?.attributeStatus).toBe('Accepted');
    const logins = () => csms.handshakes.filter((h) => h.identity === 'B07').map((h) => h.password);
    await csms.until(() => logins().length === 2);
    expect(logins()).toEqual(['first-secret', 'second-secret']);
    await csms.until(() => s.isOnline && csms.messages('B07').length > connections);
    expect(csms.messages('B07', 'BootNotification')).toHaveLength(1);
  });

  it('B07 base report: Accepted, then NotifyReport in parts of ItemsPerMessage with seqNo and tbc', async () => {
    await station('B08');
    expect(await csms.call('B08', 'GetBaseReport', { requestId: 42, reportBase: 'FullInventory' })).toEqual({
      status: 'Accepted',
    });
    const last = await csms.until(() =>
      csms.messages('B08', 'NotifyReport').find((m) => m.payload.tbc === false),
    );
    const parts = csms.messages('B08', 'NotifyReport');
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.map((m) => m.payload.seqNo)).toEqual(parts.map((_, i) => i));
    expect(parts.map((m) => m.payload.tbc)).toEqual(parts.map((_, i) => i < parts.length - 1));
    expect(parts.every((m) => m.payload.requestId === 42)).toBe(true);
    expect(last).toBe(parts.at(-1));
    type Item = {
      component: { name: string };
      variable: { name: string };
      variableAttribute: Array<{ value?: string; mutability?: string }>;
    };
    const items = parts.flatMap((m) => m.payload.reportData as Item[]);
    expect(parts.every((m) => (m.payload.reportData as Item[]).length <= 10)).toBe(true);
    const password = items.find((i) => i.variable.name === 'BasicAuthPassword');
    expect(password?.variableAttribute[0]).toEqual({ type: 'Actual', mutability: 'WriteOnly' });
    expect(
      items.find((i) => i.component.name === 'ChargingStation' && i.variable.name === 'Model')
        ?.variableAttribute[0],
    ).toMatchObject({
      value: 'SimCharger 22',
      mutability: 'ReadOnly',
    });

    await csms.call('B08', 'GetBaseReport', { requestId: 43, reportBase: 'ConfigurationInventory' });
    const config = await csms.until(() => {
      const m = csms.messages('B08', 'NotifyReport').filter((n) => n.payload.requestId === 43);
      return m.at(-1)?.payload.tbc === false && m;
    });
    const configItems = config.flatMap((m) => m.payload.reportData as Item[]);
    expect(configItems.length).toBeGreaterThan(0);
    expect(configItems.every((i) => i.variableAttribute[0]?.mutability !== 'ReadOnly')).toBe(true);
  });

  it('B08 custom report: the components named or meeting every criterion; EmptyResultSet when none', async () => {
    await station('B08C');
    type Item = { component: { name: string }; variable: { name: string } };
    const reported = async (requestId: number) => {
      const m = await csms.until(() => {
        const parts = csms.messages('B08C', 'NotifyReport').filter((n) => n.payload.requestId === requestId);
        return parts.at(-1)?.payload.tbc === false && parts;
      });
      return m.flatMap((n) => n.payload.reportData as Item[]);
    };
    const named = {
      requestId: 7,
      componentVariable: [{ component: { name: 'AuthCtrlr' }, variable: { name: 'Enabled' } }],
    };
    expect(await csms.call('B08C', 'GetReport', named)).toEqual({ status: 'Accepted' });
    expect((await reported(7)).map((i) => `${i.component.name}.${i.variable.name}`)).toEqual([
      'AuthCtrlr.Enabled',
    ]);
    expect(await csms.call('B08C', 'GetReport', { requestId: 8, componentCriteria: ['Enabled'] })).toEqual({
      status: 'Accepted',
    });
    const enabled = new Set((await reported(8)).map((i) => i.component.name));
    expect([...enabled].sort()).toEqual([
      'AuthCtrlr',
      'LocalAuthListCtrlr',
      'ReservationCtrlr',
      'SmartChargingCtrlr',
      'TariffCostCtrlr',
    ]);
    expect(
      await csms.call('B08C', 'GetReport', {
        requestId: 9,
        componentVariable: [{ component: { name: 'Nope' } }],
      }),
    ).toEqual({ status: 'EmptyResultSet' });
    expect(await csms.call('B08C', 'GetReport', { requestId: 10, componentCriteria: ['Problem'] })).toEqual({
      status: 'EmptyResultSet',
    });
  });

  it('B09 network profile stored; M05 a certificate the station cannot read Rejected; CertificateSigned refused with NotImplemented', async () => {
    const s = await station('B09');
    const connectionData = {
      ocppVersion: 'OCPP20' as const,
      ocppTransport: 'JSON' as const,
      ocppCsmsUrl: 'wss://csms.example/ocpp',
      messageTimeout: 30,
      securityProfile: 2,
      ocppInterface: 'Wired0' as const,
    };
    expect(await csms.call('B09', 'SetNetworkProfile', { configurationSlot: 2, connectionData })).toEqual({
      status: 'Accepted',
    });
    expect(s.networkProfiles.get(2)).toEqual(connectionData);
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(
      await csms.call('B09', 'InstallCertificate', {
        certificateType: 'CSMSRootCertificate',
        certificate: pem,
      }),
    ).toEqual({
      status: 'Rejected',
    });
    expect(s.certificates).toEqual([]);
    await expect(csms.call('B09', 'CertificateSigned', { certificateChain: pem })).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
  });
});
