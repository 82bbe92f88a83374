import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DeviceModel, DeviceModelRefresh, VariableResults } from '@voltline/contract';
import { auditLogs, commandRecords, deviceReportRequests } from '../../db/schema/index.js';
import { datum, deviceModelTestApp, type DeviceModelTestApp } from '../../../test/device-model-helper.js';

let t: DeviceModelTestApp;
let admin: string;
type Cp = Awaited<ReturnType<DeviceModelTestApp['charger']>>;
let cp: Cp;
const base = (id: number) => `/api/portal/ChargePoint/${id}/DeviceModel`;

const model = async (search?: string) =>
  (await t.call<{ data: DeviceModel }>('GET', `${base(cp.id)}${search ? `?search=${search}` : ''}`, admin))
    .body.data;
const actual = (m: DeviceModel, component: string, variable: string) =>
  m.variables
    .find((v) => v.component.name === component && v.variable.name === variable)
    ?.attributes.find((a) => a.type === 'Actual')?.value;

beforeAll(async () => {
  t = await deviceModelTestApp();
  admin = await t.login('admin@voltline.local');
  cp = await t.charger('DM-201', 'ocpp2.0.1');
  // What the charger told before: replaced by the next full report.
  await t.report(cp, {
    requestId: 1,
    generatedAt: new Date().toISOString(),
    seqNo: 0,
    reportData: [datum('OldCtrlr', 'Gone', 'x')],
  });
});
afterAll(() => t.close());

describe('B07 base report', () => {
  it('B07 a full report in three parts arriving out of order replaces the stored model once all are in', async () => {
    t.chargers.answer = () => ({ status: 'Accepted' });
    const asked = await t.call<{ data: DeviceModelRefresh }>('POST', `${base(cp.id)}/refresh`, admin);
    expect(asked.status).toBe(200);
    const call = t.chargers.calls.at(-1)!;
    expect(call.action).toBe('GetBaseReport');
    expect(call.payload).toEqual({ requestId: asked.body.data.requestId, reportBase: 'FullInventory' });
    const requestId = asked.body.data.requestId;
    const generatedAt = new Date().toISOString();
    const part = (seqNo: number, tbc: boolean, data: ReturnType<typeof datum>[]) =>
      t.report(cp, { requestId, generatedAt, seqNo, tbc, reportData: data });

    await part(2, false, [
      datum('DeviceDataCtrlr', 'ItemsPerMessage', '2', {
        variableInstance: 'SetVariables',
        mutability: 'ReadOnly',
        dataType: 'integer',
      }),
      datum('DeviceDataCtrlr', 'ItemsPerMessage', '1', {
        variableInstance: 'GetVariables',
        mutability: 'ReadOnly',
        dataType: 'integer',
      }),
    ]);
    await part(0, true, [
      datum('OCPPCommCtrlr', 'HeartbeatInterval', '300', {
        dataType: 'integer',
        minLimit: 10,
        maxLimit: 3600,
      }),
      datum('OCPPCommCtrlr', 'MessageTimeout', '30', { dataType: 'integer', mutability: 'ReadOnly' }),
    ]);
    // Two of three parts: the stored model is still the old one, and a report is awaited.
    let m = await model();
    expect(m.variables.map((v) => v.component.name)).toEqual(['OldCtrlr']);
    expect(m.awaitingReport).toBe(true);

    await part(1, true, [
      datum('TxCtrlr', 'EVConnectionTimeOut', '120', { dataType: 'integer', maxLimit: 600 }),
      datum('AuthCtrlr', 'Mode', 'Local', { dataType: 'OptionList', valuesList: 'Local,Central' }),
      datum('EVSE', 'Power', '22000', { evseId: 1, mutability: 'ReadOnly', dataType: 'decimal' }),
    ]);
    m = await model();
    expect(m.awaitingReport).toBe(false);
    expect(m.reportedAt).not.toBeNull();
    expect(m.variables).toHaveLength(7);
    expect(m.variables.some((v) => v.component.name === 'OldCtrlr')).toBe(false);
    const heartbeat = m.variables.find((v) => v.variable.name === 'HeartbeatInterval')!;
    expect(heartbeat.attributes).toEqual([
      { type: 'Actual', value: '300', mutability: 'ReadWrite', persistent: false, constant: false },
    ]);
    expect(heartbeat.characteristics).toMatchObject({ dataType: 'integer', minLimit: 10, maxLimit: 3600 });
    expect(m.variables.find((v) => v.component.name === 'EVSE')!.component.evseId).toBe(1);
    expect(m.variables.find((v) => v.variable.name === 'Mode')!.characteristics!.valuesList).toEqual([
      'Local',
      'Central',
    ]);
  });

  it('B07 the model is searchable by component or variable name', async () => {
    expect((await model('commctrlr')).variables.map((v) => v.variable.name)).toEqual([
      'HeartbeatInterval',
      'MessageTimeout',
    ]);
    expect((await model('timeout')).variables.map((v) => v.variable.name).sort()).toEqual([
      'EVConnectionTimeOut',
      'MessageTimeout',
    ]);
  });

  it('B07 a refused base report is said as a refusal, in words, and no report is awaited', async () => {
    for (const status of ['NotSupported', 'Rejected', 'EmptyResultSet']) {
      t.chargers.answer = () => ({ status });
      const r = await t.call<{ data: DeviceModelRefresh; refused?: boolean; message: string }>(
        'POST',
        `${base(cp.id)}/refresh`,
        admin,
      );
      expect(r.status).toBe(200);
      expect(r.body.refused).toBe(true);
      expect(r.body.message).toBe(`The charge point refused to send its report: ${status}`);
    }
    expect((await model()).awaitingReport).toBe(false);
  });
});

describe('B07 the report of a charger Voltline does not know yet', () => {
  it('B07 a report the charger lost by rebooting is asked for again at its next boot, and never once one arrived', async () => {
    const fresh = await t.charger('DM-201-REBOOT', 'ocpp2.0.1');
    const asked = () =>
      t.chargers.calls.filter((c) => c.chargePointId === fresh.chargePointId && c.action === 'GetBaseReport');
    const awaiting = async () =>
      (await t.call<{ data: DeviceModel }>('GET', base(fresh.id), admin)).body.data.awaitingReport;
    t.chargers.answer = () => ({ status: 'Accepted' });
    await t.deviceModel.requestIfUnknown(fresh);
    expect(asked()).toHaveLength(1);
    expect(await awaiting()).toBe(true);
    // It reboots before sending a part: the report it was asked for will not come.
    await t.deviceModel.requestIfUnknown(fresh);
    expect(asked()).toHaveLength(2);
    const [first, second] = asked().map((c) => c.payload.requestId as number);
    expect(second).not.toBe(first);
    // The report asked for at the reboot arrives, in one part.
    await t.report(fresh, {
      requestId: second!,
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      reportData: [datum('OCPPCommCtrlr', 'HeartbeatInterval', '60', { dataType: 'integer' })],
    });
    const m = (await t.call<{ data: DeviceModel }>('GET', base(fresh.id), admin)).body.data;
    expect(m.awaitingReport).toBe(false);
    expect(m.reportedAt).not.toBeNull();
    expect(m.variables.map((v) => v.variable.name)).toEqual(['HeartbeatInterval']);
    // Known now: its next boot asks nothing.
    await t.deviceModel.requestIfUnknown(fresh);
    expect(asked()).toHaveLength(2);
  });

  it('B07 a report not come in ten minutes is no longer shown as awaited', async () => {
    const fresh = await t.charger('DM-201-SILENT', 'ocpp2.0.1');
    t.chargers.answer = () => ({ status: 'Accepted' });
    await t.call('POST', `${base(fresh.id)}/refresh`, admin);
    const awaiting = async () =>
      (await t.call<{ data: DeviceModel }>('GET', base(fresh.id), admin)).body.data.awaitingReport;
    expect(await awaiting()).toBe(true);
    await t.db
      .update(deviceReportRequests)
      .set({ requestedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(deviceReportRequests.chargePointId, fresh.id));
    expect(await awaiting()).toBe(false);
  });
});

describe('B05 set variables', () => {
  it('B05 variables are sent in CALLs of the charger’s ItemsPerMessage, with each variable’s answer', async () => {
    t.chargers.calls.length = 0;
    t.chargers.answer = (_action, payload) => ({
      setVariableResult: (
        payload.setVariableData as { component: object; variable: { name: string }; attributeType: string }[]
      ).map((d) => ({
        component: d.component,
        variable: d.variable,
        attributeType: d.attributeType,
        attributeStatus:
          d.variable.name === 'Mode'
            ? 'Rejected'
            : d.variable.name === 'EVConnectionTimeOut'
              ? 'RebootRequired'
              : 'Accepted',
        ...(d.variable.name === 'Mode' ? { attributeStatusInfo: { reasonCode: 'InvalidValue' } } : {}),
      })),
    });
    const r = await t.call<{ data: VariableResults; refused?: boolean; message: string }>(
      'POST',
      `${base(cp.id)}/setVariables`,
      admin,
      {
        items: [
          { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, value: '600' },
          { component: { name: 'TxCtrlr' }, variable: { name: 'EVConnectionTimeOut' }, value: '90' },
          { component: { name: 'AuthCtrlr' }, variable: { name: 'Mode' }, value: 'Central' },
        ],
      },
    );
    expect(r.status).toBe(200);
    // One refusal among the answers: the whole answer is said as a refusal, never as a success.
    expect(r.body.refused).toBe(true);
    expect(r.body.message).toBe('The charge point refused 1 of 3 variables.');
    expect(t.chargers.calls.map((c) => [c.action, (c.payload.setVariableData as unknown[]).length])).toEqual([
      ['SetVariables', 2],
      ['SetVariables', 1],
    ]);
    expect(r.body.data.results.map((x) => [x.variable.name, x.status, x.reason])).toEqual([
      ['HeartbeatInterval', 'Accepted', null],
      ['EVConnectionTimeOut', 'RebootRequired', null],
      ['Mode', 'Rejected', 'InvalidValue'],
    ]);
    const m = await model();
    expect(actual(m, 'OCPPCommCtrlr', 'HeartbeatInterval')).toBe('600');
    expect(actual(m, 'TxCtrlr', 'EVConnectionTimeOut')).toBe('120');
    expect(actual(m, 'AuthCtrlr', 'Mode')).toBe('Local');
    // Each CALL is on the charge point's command record, and audited.
    const records = await t.db.select().from(commandRecords).where(eq(commandRecords.chargePointId, cp.id));
    expect(records.filter((x) => x.action === 'SetVariables')).toHaveLength(2);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'deviceModel.setVariables'));
    expect(audits).toHaveLength(2);
  });

  it('B05 a value the stored model forbids is refused in words before anything is sent', async () => {
    t.chargers.calls.length = 0;
    const refused = async (component: string, variable: string, value: string) =>
      t.call<{ error: string }>('POST', `${base(cp.id)}/setVariables`, admin, {
        items: [{ component: { name: component }, variable: { name: variable }, value }],
      });
    expect((await refused('OCPPCommCtrlr', 'MessageTimeout', '10')).body.error).toBe(
      'OCPPCommCtrlr.MessageTimeout is read-only.',
    );
    expect((await refused('OCPPCommCtrlr', 'HeartbeatInterval', '5000')).body.error).toBe(
      'OCPPCommCtrlr.HeartbeatInterval must be at most 3600.',
    );
    expect((await refused('OCPPCommCtrlr', 'HeartbeatInterval', 'soon')).status).toBe(400);
    expect((await refused('AuthCtrlr', 'Mode', 'Anywhere')).body.error).toBe(
      'AuthCtrlr.Mode takes only: Local, Central.',
    );
    expect((await refused('NoSuchCtrlr', 'Thing', '1')).status).toBe(400);
    expect(t.chargers.calls).toHaveLength(0);
  });
});

describe('B06 get variables', () => {
  it('B06 variables are read in CALLs of the charger’s ItemsPerMessage, and the stored values follow', async () => {
    t.chargers.calls.length = 0;
    t.chargers.answer = (_action, payload) => ({
      getVariableResult: (payload.getVariableData as { component: object; variable: { name: string } }[]).map(
        (d) =>
          d.variable.name === 'Nope'
            ? { component: d.component, variable: d.variable, attributeStatus: 'UnknownVariable' }
            : {
                component: d.component,
                variable: d.variable,
                attributeStatus: 'Accepted',
                attributeValue: '45',
              },
      ),
    });
    const r = await t.call<{ data: VariableResults }>('POST', `${base(cp.id)}/getVariables`, admin, {
      items: [
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'MessageTimeout' } },
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'Nope' } },
      ],
    });
    expect(r.status).toBe(200);
    expect(t.chargers.calls.map((c) => c.action)).toEqual(['GetVariables', 'GetVariables']);
    expect(r.body.data.results.map((x) => [x.variable.name, x.status, x.value])).toEqual([
      ['MessageTimeout', 'Accepted', '45'],
      ['Nope', 'UnknownVariable', null],
    ]);
    expect(actual(await model(), 'OCPPCommCtrlr', 'MessageTimeout')).toBe('45');
  });
});
