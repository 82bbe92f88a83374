import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Alert, AlertDetail, AlertRule } from '@voltline/contract';
import { auditLogs, chargePoints, integrationEvents, users } from '../../db/schema/index.js';
import { createTestApp, mailText, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, until, type Client } from '../../../test/ocpp-helper.js';

// Alerts (issue #33), the "charger offline" rule: real OCPP connections going down and coming
// back, the evaluator run at explicit times after them (the connection times are the database's),
// the e-mails in the outbox, grouping, staff's steps, the role table and the tenant scope.

let t: TestApp;
let url: string;
let admin: string;
let istanbul: string;
let safety: string;
let finance: string;
const MIN = 60_000;
const online = new Map<string, Client>();

type Body<T> = { data: T; message?: string };
type Err = { error: string; details?: { field: string; message: string }[] };

const evaluate = (offsetMs: number) => t.app.services.alerts.evaluateAlerts(new Date(Date.now() + offsetMs));
const alertsOf = (token: string, query = '') =>
  t.call<Body<{ items: Alert[]; total: number }>>('GET', `/api/portal/Alerts?size=50${query}`, { token });
const detail = (token: string, id: number) =>
  t.call<Body<AlertDetail>>('GET', `/api/portal/Alerts/${id}`, { token });
const rules = (token: string) => t.call<Body<AlertRule[]>>('GET', '/api/portal/Alerts/rules', { token });
const ruleOf = async (operator: string) =>
  (await rules(admin)).body.data.find((r) => r.operatorName === operator)!;
const userId = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const mailsTo = (email: string) => t.outbox().filter((m) => m.includes(`To: ${email}`));

async function connectedAre(ids: string[], connected: boolean) {
  await until(async () => {
    const rows = await t.database.db
      .select({ connected: chargePoints.connected })
      .from(chargePoints)
      .where(inArray(chargePoints.chargePointId, ids));
    return rows.length === ids.length && rows.every((r) => r.connected === connected);
  });
}
async function up(...ids: string[]) {
  for (const id of ids) online.set(id, await connectClient(url, id, `secret-${id}`));
  await connectedAre(ids, true);
}
async function down(...ids: string[]) {
  for (const id of ids) {
    await online.get(id)?.close({ force: true });
    online.delete(id);
  }
  await connectedAre(ids, false);
}
const events = async (type: string, alertId: number) =>
  t.database.db
    .select()
    .from(integrationEvents)
    .where(and(eq(integrationEvents.type, type), eq(integrationEvents.subject, String(alertId))));

const SITE = Array.from({ length: 20 }, (_, i) => `ALR-IST-${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  await registerChargePoint(t, 'ALR-ANK-1', 'secret-ALR-ANK-1', 'Voltline Ankara');
  for (const id of [...SITE, 'ALR-IST-21']) await registerChargePoint(t, id, `secret-${id}`);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  safety = await t.login('safety@voltline.local');
  finance = await t.login('finance@voltline.local');
  // The Ankara rule mails the Admin (English) and the Main Operator (Turkish) by name.
  await t.database.db.update(users).set({ locale: 'tr' }).where(eq(users.email, 'main@voltline.local'));
  const ankara = await ruleOf('Voltline Ankara');
  const put = await t.call('PUT', `/api/portal/Alerts/rules/${ankara.id}`, {
    token: admin,
    body: { recipientUserIds: [await userId('admin@voltline.local'), await userId('main@voltline.local')] },
  });
  expect(put.status).toBe(200);
}, 60_000);
afterAll(async () => {
  for (const c of online.values()) await c.close({ force: true });
  await t.close();
});

describe('a charger offline', () => {
  it('gives every operator an enabled rule: 10 minutes to raise, 2 to clear', async () => {
    const all = (await rules(admin)).body.data;
    expect(all.map((r) => r.operatorName).sort()).toEqual([
      'Voltline Ankara',
      'Voltline Demo Network',
      'Voltline İstanbul',
    ]);
    expect(all.every((r) => r.enabled && r.raiseAfterSeconds === 600 && r.clearAfterSeconds === 120)).toBe(
      true,
    );
  });

  it('raises nothing while it has been offline for less than the delay, or came back before it', async () => {
    await up('ALR-ANK-1');
    await down('ALR-ANK-1');
    await evaluate(5 * MIN);
    expect((await alertsOf(admin)).body.data.total).toBe(0);
    // A reboot: back online before the delay passed.
    await up('ALR-ANK-1');
    await evaluate(11 * MIN);
    expect((await alertsOf(admin)).body.data.total).toBe(0);
  });

  it('raises exactly one alert past the delay, mails it, and tells it as an event', async () => {
    const before = t.outbox().length;
    await down('ALR-ANK-1');
    await Promise.all([evaluate(11 * MIN), evaluate(11 * MIN)]);
    await evaluate(12 * MIN);
    const list = (await alertsOf(admin)).body.data;
    expect(list.total).toBe(1);
    const [alert] = list.items;
    expect(alert).toMatchObject({
      state: 'open',
      kind: 'charger_offline',
      subjectCount: 1,
      operatorName: 'Voltline Ankara',
    });
    const mails = t.outbox().slice(before);
    expect(mails).toHaveLength(2);
    const english = mailText(mailsTo('admin@voltline.local').at(-1)!);
    expect(english).toContain('ALR-ANK-1');
    expect(english).toContain('offline since');
    expect(english).toContain(`http://voltline.test/portal/alerts/${alert!.id}`);
    expect(mailsTo('main@voltline.local')).toHaveLength(1);
    const d = (await detail(admin, alert!.id)).body.data;
    expect(d.subjects).toMatchObject([{ chargePointId: 'ALR-ANK-1', clearedAt: null }]);
    expect(d.history.map((h) => h.action)).toEqual(['raised', 'notified']);
    expect(await events('alert.raised', alert!.id)).toHaveLength(1);
    expect((await events('alert.raised', alert!.id))[0]!.data).toMatchObject({
      chargePointIds: ['ALR-ANK-1'],
    });
  });

  it('clears itself once the charger has been back for the clearing delay', async () => {
    const [alert] = (await alertsOf(admin)).body.data.items;
    await up('ALR-ANK-1');
    await evaluate(0);
    expect((await detail(admin, alert!.id)).body.data).toMatchObject({ state: 'open' });
    expect((await detail(admin, alert!.id)).body.data.subjects[0]!.clearedAt).not.toBeNull();
    const before = t.outbox().length;
    await evaluate(3 * MIN);
    const d = (await detail(admin, alert!.id)).body.data;
    expect(d).toMatchObject({ state: 'resolved', resolution: 'cleared', resolvedBy: null });
    expect(d.history.map((h) => h.action)).toEqual(['raised', 'notified', 'cleared', 'notified']);
    expect(mailText(t.outbox().slice(before).join('\n'))).toContain('back online');
    expect((await events('alert.resolved', alert!.id))[0]!.data).toMatchObject({ resolution: 'cleared' });
  });

  it("shows another operator's user none of it", async () => {
    const [alert] = (await alertsOf(admin)).body.data.items;
    expect((await alertsOf(istanbul)).body.data.total).toBe(0);
    expect((await detail(istanbul, alert!.id)).status).toBe(404);
    const ack = await t.call('POST', `/api/portal/Alerts/${alert!.id}/comment`, {
      token: istanbul,
      body: { comment: 'not mine' },
    });
    expect(ack.status).toBe(404);
  });
});

describe('twenty chargers of one operator going down together', () => {
  let id: number;

  it('are one alert with twenty chargers, mailed to no one in the quiet hours', async () => {
    const rule = await ruleOf('Voltline İstanbul');
    const local = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Istanbul',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(Date.now() + ms));
    const quiet = await t.call('PUT', `/api/portal/Alerts/rules/${rule.id}`, {
      token: istanbul,
      body: { quietStart: local(-30 * MIN), quietEnd: local(60 * MIN) },
    });
    expect(quiet.status).toBe(200);
    await up(...SITE);
    await down(...SITE);
    const before = t.outbox().length;
    await evaluate(11 * MIN);
    const list = (await alertsOf(istanbul, '&state=open')).body.data;
    expect(list.total).toBe(1);
    expect(list.items[0]!.subjectCount).toBe(20);
    id = list.items[0]!.id;
    expect(t.outbox().length).toBe(before);
    // Out of the quiet hours the operator's own users who may read alerts are mailed.
    await t.call('PUT', `/api/portal/Alerts/rules/${rule.id}`, {
      token: istanbul,
      body: { quietStart: null, quietEnd: null },
    });
    await up('ALR-IST-21');
    await down('ALR-IST-21');
    await evaluate(22 * MIN);
    const d = (await detail(istanbul, id)).body.data;
    expect(d.subjects).toHaveLength(21);
    expect(d.history.filter((h) => h.action === 'subjectAdded').map((h) => h.comment)).toEqual([
      'ALR-IST-21',
    ]);
    expect((await alertsOf(istanbul, '&chargePointId=alr-ist-07')).body.data.total).toBe(1);
    expect(
      (await t.call<Body<{ open: number }>>('GET', '/api/portal/Alerts/count', { token: istanbul })).body
        .data,
    ).toEqual({
      open: 1,
      acknowledged: 0,
    });
  });

  it("are acknowledged, assigned, commented and resolved, each step in the alert's history and audited", async () => {
    const step = (action: string, body?: object, token = istanbul) =>
      t.call<Body<AlertDetail> & Err>('POST', `/api/portal/Alerts/${id}/${action}`, { token, body });
    expect((await step('acknowledge')).body.data.state).toBe('acknowledged');
    expect((await step('acknowledge')).status).toBe(409);
    // Someone out of the Main Operator's reach cannot be given it; the user themself can.
    const far = await step('assign', { userId: await userId('safety@voltline.local') });
    expect(far.status).toBe(400);
    expect(far.body.details?.[0]?.field).toBe('body.userId');
    const assigned = await step('assign', { userId: await userId('istanbul@voltline.local') });
    expect(assigned.body.data.assignedToName).toBe('Deniz Çelik');
    await step('comment', { comment: 'Site switchboard tripped; electrician on the way.' });
    expect((await step('comment', { comment: '  ' })).status).toBe(400);
    const resolved = await step('resolve', { comment: 'Power restored.' });
    expect(resolved.body.data).toMatchObject({ state: 'resolved', resolution: 'manual' });
    expect(resolved.body.data.history.map((h) => [h.action, h.comment])).toEqual([
      ['raised', null],
      ['subjectAdded', 'ALR-IST-21'],
      ['acknowledged', null],
      ['assigned', 'Deniz Çelik'],
      ['commented', 'Site switchboard tripped; electrician on the way.'],
      ['resolved', 'Power restored.'],
    ]);
    expect(resolved.body.data.history.slice(2).every((h) => h.userName === 'Deniz Çelik')).toBe(true);
    expect((await step('resolve', {})).status).toBe(409);
    const lines = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'alert'), eq(auditLogs.entityId, String(id))));
    expect(lines.map((l) => l.action).sort()).toEqual(
      ['alert.acknowledge', 'alert.assign', 'alert.comment', 'alert.resolve'].sort(),
    );
    expect((await events('alert.resolved', id))[0]!.data).toMatchObject({ resolution: 'manual' });
    const count = await t.call<Body<{ open: number }>>('GET', '/api/portal/Alerts/count', {
      token: istanbul,
    });
    expect(count.body.data).toEqual({ open: 0, acknowledged: 0 });
  });

  it('raise a new alert when they are still down after the last was resolved', async () => {
    await evaluate(23 * MIN);
    const open = (await alertsOf(istanbul, '&state=open')).body.data;
    expect(open.total).toBe(1);
    expect(open.items[0]!.id).not.toBe(id);
    expect(open.items[0]!.subjectCount).toBe(21);
  });
});

describe('who may see and change alerts', () => {
  it('refuses a role without the alerts permission, and lets a reader read but not act', async () => {
    expect((await alertsOf(finance)).status).toBe(403);
    const read = await alertsOf(safety);
    expect(read.status).toBe(200);
    const id = read.body.data.items[0]!.id;
    expect((await t.call('POST', `/api/portal/Alerts/${id}/acknowledge`, { token: safety })).status).toBe(
      403,
    );
  });

  it('lists only the rules in reach, and refuses bad rule changes in words', async () => {
    const own = (await rules(istanbul)).body.data;
    expect(own.map((r) => r.operatorName)).toEqual(['Voltline İstanbul']);
    const put = (id: number, body: object, headers: Record<string, string> = {}) =>
      t.call<Err>('PUT', `/api/portal/Alerts/rules/${id}`, { token: istanbul, body, headers });
    const short = await put(own[0]!.id, { raiseAfterSeconds: 5 });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('between 60 seconds and a day');
    const tr = await put(own[0]!.id, { raiseAfterSeconds: 5 }, { 'accept-language': 'tr' });
    expect(JSON.stringify(tr.body)).toContain('60 saniye ile bir gün');
    expect((await put(own[0]!.id, { quietStart: '22:00' })).status).toBe(400);
    const far = await put(own[0]!.id, { recipientUserIds: [await userId('admin@voltline.local')] });
    expect(far.status).toBe(400);
    expect(far.body.details?.[0]?.field).toBe('body.recipientUserIds');
    const ankara = await ruleOf('Voltline Ankara');
    expect((await put(ankara.id, { enabled: false })).status).toBe(404);
    const ok = await put(own[0]!.id, { raiseAfterSeconds: 300, enabled: false });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ data: { raiseAfterSeconds: 300, enabled: false } });
  });
});
