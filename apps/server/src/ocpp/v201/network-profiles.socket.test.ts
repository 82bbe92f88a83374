import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201, type SimChargerOptions } from '@voltline/simulator';
import type { ChargePointSecurity } from '@voltline/contract';
import { auditLogs, chargePoints } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { issue, makeCa, type TestCa } from '../../../test/tls-certs.js';

// OCPP 2.0.1 A05, B09 and B10 against simulated 2.0.1 stations over TLS: the security profile is
// raised through a new network connection profile, its priority and a reset, and counts once the
// station reconnects with it; staff set a slot's profile and the priority from the API.

const PW = 'net-profile-pass-0001';
let t: TestApp;
let port: number;
let wss: string;
let serverCa: TestCa;
let admin: string;
const sims: SimCharger201[] = [];

type Body<T> = { data: T; message?: string; refused?: boolean; error?: string };
type Raise = {
  status: string;
  refusedAt: string | null;
  awaitingReconnect: boolean;
  security: ChargePointSecurity;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltline-net-'));
  serverCa = await makeCa('Net Server CA');
  const server = await issue(serverCa, 'localhost', true);
  writeFileSync(path.join(dir, 'server.crt'), server.cert);
  writeFileSync(path.join(dir, 'server.key'), server.key);
  port = await freePort();
  t = await createTestApp({
    TLS_CERT_FILE: path.join(dir, 'server.crt'),
    TLS_KEY_FILE: path.join(dir, 'server.key'),
    PUBLIC_URL: `https://127.0.0.1:${port}`,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  wss = `wss://127.0.0.1:${port}/ocpp`;
  admin = await t.login('admin@voltline.local');
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await t?.close();
});

const row = async (id: string) =>
  (await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id)))[0];

/** A 2.0.1 station on security profile 1 (Basic auth, over TLS), connected and accepted. */
async function station(id: string, options: Partial<SimChargerOptions> = {}) {
  const cp = await registerChargePoint(t, id, PW);
  const sim = await startCharger201({
    url: wss,
    id,
    password: PW,
    tls: { ca: serverCa.cert },
    rebootDelay: 1,
    ...options,
  });
  sims.push(sim);
  await until(async () => {
    const r = await row(id);
    return r?.connected && r.ocppProtocol === 'ocpp2.0.1';
  });
  const calls: { action: string; payload: Record<string, unknown> }[] = [];
  // Voltline's own request for the new station's device model is not the test's.
  sim.on('call', (c) => {
    if (c.action !== 'GetBaseReport') calls.push(c as (typeof calls)[number]);
  });
  return { cp, sim, calls };
}

const raise = (id: number, profile: number) =>
  t.call<Body<Raise>>('POST', `/api/portal/ChargePoint/${id}/SecurityProfile`, {
    token: admin,
    body: { profile },
  });

const profileBody = (slot: number, securityProfile = 1, url = wss) => ({
  configurationSlot: slot,
  ocppVersion: 'OCPP20',
  ocppTransport: 'JSON',
  ocppCsmsUrl: url,
  messageTimeout: 30,
  securityProfile,
  ocppInterface: 'Wired0',
});

const setProfile = (id: number, body: unknown) =>
  t.call<Body<{ status: string }>>('POST', `/api/portal/ChargePoint/${id}/NetworkProfile`, {
    token: admin,
    body,
  });

const prioritise = (id: number, priority: number[]) =>
  t.call<Body<{ status: string; reset: string | null }>>(
    'POST',
    `/api/portal/ChargePoint/${id}/NetworkProfile/priority`,
    { token: admin, body: { priority } },
  );

describe('A05 upgrade charging station security profile (OCPP 2.0.1)', () => {
  it('A05 raises profile 1 to 2 with a new network profile, its priority and a reset; counted once the station reconnects', async () => {
    const { cp, sim, calls } = await station('A05-UP');
    const r = await raise(cp.id, 2);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'Accepted', refusedAt: null, awaitingReconnect: true });
    expect(r.body.message).toBe(
      'The charger answered Accepted: it restarts and reconnects with security profile 2, which counts from then on.',
    );
    expect(r.body.refused).toBeUndefined();
    // Not yet counted: the station has not reconnected with it.
    expect(r.body.data.security).toMatchObject({ securityProfile: 1, pendingSecurityProfile: 2 });
    expect(calls.map((c) => c.action)).toEqual([
      'GetVariables',
      'SetNetworkProfile',
      'SetVariables',
      'Reset',
    ]);
    expect(calls[1]?.payload).toEqual({
      configurationSlot: 0,
      connectionData: {
        ocppVersion: 'OCPP20',
        ocppTransport: 'JSON',
        ocppCsmsUrl: wss,
        messageTimeout: 30,
        securityProfile: 2,
        ocppInterface: 'Wired0',
      },
    });
    expect(calls[2]?.payload).toMatchObject({
      setVariableData: [{ variable: { name: 'NetworkConfigurationPriority' }, attributeValue: '0' }],
    });
    expect(calls[3]?.payload).toEqual({ type: 'OnIdle' });

    const taken = await until(async () =>
      (await row('A05-UP'))?.securityProfile === 2 ? row('A05-UP') : null,
    );
    expect(taken?.pendingSecurityProfile).toBeNull();
    expect(sim.model.get('SecurityCtrlr', 'SecurityProfile')).toBe('2');
    expect(sim.activeSlot).toBe(0);
    await until(() => Promise.resolve(sim.isOnline));
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, 'A05-UP'), eq(auditLogs.action, 'securityProfile')));
    expect(lines.map((l) => l.summary)).toEqual([{ securityProfile: [1, 2] }]);
  });

  it('A05 never lowers a profile: neither by the raise nor by a network profile of a lower one', async () => {
    const { cp, calls } = await station('A05-DOWN');
    await t.database.db.update(chargePoints).set({ securityProfile: 2 }).where(eq(chargePoints.id, cp.id));
    const down = await raise(cp.id, 1);
    expect(down.status).toBe(400);
    expect(JSON.stringify(down.body)).toMatch(/can only be raised/);
    const lower = await setProfile(cp.id, profileBody(2, 1));
    expect(lower.status).toBe(400);
    expect(JSON.stringify(lower.body)).toMatch(/can only be raised: this charger is on profile 2/);
    expect(calls).toEqual([]);
  });

  it('A05 a refused SetNetworkProfile reaches the user in words, and nothing stays pending', async () => {
    const { cp, sim, calls } = await station('A05-REFUSED');
    // The station is connected through slot 0, which its priority does not name: it refuses slot 0.
    sim.activeSlot = 0;
    const r = await raise(cp.id, 2);
    expect(r.status).toBe(200);
    expect(r.body.refused).toBe(true);
    expect(r.body.data).toMatchObject({
      status: 'Rejected',
      refusedAt: 'networkProfile',
      awaitingReconnect: false,
    });
    expect(r.body.message).toBe(
      'The charger refused the new network connection profile (Rejected): its security profile stays as it was.',
    );
    expect(r.body.data.security).toMatchObject({ securityProfile: 1, pendingSecurityProfile: null });
    expect(calls.map((c) => c.action)).toEqual(['GetVariables', 'SetNetworkProfile']);
  });

  it('A05 a refused Reset reaches the user in words, and nothing stays pending', async () => {
    const { cp, calls } = await station('A05-NORESET', { rejectResets: true });
    const r = await raise(cp.id, 2);
    expect(r.body.refused).toBe(true);
    expect(r.body.data).toMatchObject({ status: 'Rejected', refusedAt: 'reset' });
    expect(r.body.message).toBe(
      'The charger refused the reset (Rejected): it takes the new network connection profile at its next restart.',
    );
    expect(r.body.data.security).toMatchObject({ securityProfile: 1, pendingSecurityProfile: null });
    expect(calls.map((c) => c.action)).toEqual([
      'GetVariables',
      'SetNetworkProfile',
      'SetVariables',
      'Reset',
    ]);
  });
});

describe('B09 and B10 network connection profiles (OCPP 2.0.1)', () => {
  it('B09 sets a slot’s profile; the slot in use is Rejected in words; bad input is refused with its field', async () => {
    const { cp, sim } = await station('B09-SET');
    const r = await setProfile(cp.id, profileBody(2));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'Accepted' });
    expect(r.body.message).toBe('The charger answered Accepted to the network connection profile of slot 2.');
    expect(sim.networkProfiles.get(2)?.ocppCsmsUrl).toBe(wss);

    const inUse = await setProfile(cp.id, profileBody(1));
    expect(inUse.status).toBe(200);
    expect(inUse.body).toMatchObject({ data: { status: 'Rejected' }, refused: true });
    expect(inUse.body.message).toBe(
      'The charger answered Rejected to the network connection profile of slot 1.',
    );

    const plain = await setProfile(cp.id, profileBody(2, 2, wss.replace('wss:', 'ws:')));
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toMatch(/starts with wss:\/\//);

    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, 'B09-SET'), eq(auditLogs.action, 'networkProfile.set')));
    expect(audited.map((a) => (a.summary as { answer: string }).answer)).toEqual(['Accepted', 'Rejected']);
  });

  it('B09 is refused in words for a 1.6 charger, before anything is sent', async () => {
    const cp = await registerChargePoint(t, 'B09-OCPP16', PW);
    const r = await setProfile(cp.id, profileBody(2));
    expect(r.status).toBe(409);
    expect(JSON.stringify(r.body)).toMatch(/does not support SetNetworkProfile; nothing was sent/);
    const priority = await prioritise(cp.id, [2]);
    expect(priority.status).toBe(409);
  });

  it('B10 migrates to the new profile: the priority, a reset, and the station back with the raised profile', async () => {
    const { cp, sim, calls } = await station('B10-MIGRATE');
    const set = await setProfile(cp.id, profileBody(2, 2));
    expect(set.body.data).toEqual({ status: 'Accepted' });
    // A higher profile waits for the station to reconnect with it.
    expect((await row('B10-MIGRATE'))?.pendingSecurityProfile).toBe(2);

    const refused = await prioritise(cp.id, [2, 5]);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ data: { status: 'Rejected', reset: null }, refused: true });
    expect(refused.body.message).toBe('The charger answered Rejected to the new priority.');

    const r = await prioritise(cp.id, [2, 1]);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'Accepted', reset: 'Accepted' });
    expect(r.body.message).toBe(
      'The charger answered Accepted to the new priority and Accepted to the reset.',
    );
    expect(calls.filter((c) => c.action === 'Reset').map((c) => c.payload)).toEqual([{ type: 'OnIdle' }]);
    const taken = await until(async () =>
      (await row('B10-MIGRATE'))?.securityProfile === 2 ? row('B10-MIGRATE') : null,
    );
    expect(taken?.pendingSecurityProfile).toBeNull();
    expect(sim.activeSlot).toBe(2);
  });
});
