import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { listen, nextFrame, rawSocket, registerChargePoint } from '../../test/ocpp-helper.js';

// A payload nested 5,000 levels deep: JSON.parse reads it, JSON.stringify cannot write it back.
const DEEP = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
const PW = 'validator-secret-01';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  await registerChargePoint(t, 'VAL-1', PW);
});
afterAll(() => t.close());

describe('schema violations', () => {
  it('answers a payload nested too deep to repeat with a CALLERROR naming the violation, and stays connected', async () => {
    const ws = await rawSocket(url, 'VAL-1', PW);
    let closed = false;
    // The socket used to be closed ("Unable to send call result") instead of answered.
    const close = new Promise<unknown[]>((resolve) =>
      ws.once('close', (code: number, reason: Buffer) => {
        closed = true;
        resolve(['closed', code, reason.toString()]);
      }),
    );
    ws.send(`[2,"deep-1","Heartbeat",{"extra":${DEEP}}]`);
    const answer = await Promise.race([nextFrame(ws), close]);
    expect(answer.slice(0, 3)).toEqual([4, 'deep-1', 'PropertyConstraintViolation']);
    // The reasons, not the payload, come back.
    expect(answer[4]).toEqual({ errors: [expect.objectContaining({ keyword: 'additionalProperties' })] });
    ws.send('[2,"after","Heartbeat",{}]');
    expect((await nextFrame(ws)).slice(0, 2)).toEqual([3, 'after']);
    expect(closed).toBe(false);
    ws.close();
  });

  it('refuses text the database cannot store with PropertyConstraintViolation naming the field (it answered InternalError)', async () => {
    const ws = await rawSocket(url, 'VAL-1', PW);
    const now = new Date().toISOString();
    const ask = async (id: string, action: string, payload: object) => {
      ws.send(JSON.stringify([2, id, action, payload]));
      return (await nextFrame(ws)).slice(0, 4);
    };
    expect(await ask('nul-1', 'Authorize', { idTag: 'DEMO\u00000001' })).toEqual([
      4,
      'nul-1',
      'PropertyConstraintViolation',
      'idTag contains characters that cannot be stored (a NUL byte or a broken character)',
    ]);
    const meter = {
      connectorId: 1,
      meterValue: [{ timestamp: now, sampledValue: [{ value: '12\uD800' }] }],
    };
    expect(await ask('sur-1', 'MeterValues', meter)).toEqual([
      4,
      'sur-1',
      'PropertyConstraintViolation',
      'meterValue.0.sampledValue.0.value contains characters that cannot be stored (a NUL byte or a broken character)',
    ]);
    // A well-formed pair of surrogates is a character like any other.
    expect(
      (await ask('emoji', 'DataTransfer', { vendorId: 'Voltline', data: '\uD83D\uDE00' })).slice(0, 2),
    ).toEqual([3, 'emoji']);
    ws.close();
  });
});
