import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { connectClient, handshakeStatus, listen, registerChargePoint, type Client } from './ocpp-helper.js';

// OCPP 1.6 security edition, AuthorizationKey (A00.FR.205): "strongly advised to be randomly
// generated binary", "hexadecimal represented (20 bytes maximum, represented as a string of up to
// 40 hexadecimal digits)". A binary key set through the command path is the charger's password,
// whether the charger sends the key's bytes in its Basic header or their 40 hex digits.

let t: TestApp;
let url: string;
let token: string;
let charger: Client;
const PW = 'charger-secret-ak01';
/** 20 bytes no text encoding keeps: a NUL, a colon (the Basic header's separator), 0x7F, 0xFF… */
const KEY = Buffer.from('00FF3A7F0A1B2C3D4E5F60718293A4B5C6D7E8F9', 'hex');
const HEX = KEY.toString('hex').toUpperCase();
let sent: unknown;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  await registerChargePoint(t, 'AK-1', PW);
  charger = await connectClient(url, 'AK-1', PW);
  charger.handle('ChangeConfiguration', ({ params }) => {
    sent = params;
    return Promise.resolve({ status: 'Accepted' });
  });
  token = await t.login('istanbul@voltline.local');
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

/** The handshake's HTTP status (101: the socket opened) with this Basic password, given as bytes. */
function connectWith(password: Buffer): Promise<number> {
  const credentials = Buffer.concat([Buffer.from('AK-1:'), password]).toString('base64');
  return handshakeStatus(url, 'AK-1', `Basic ${credentials}`);
}

describe('a random binary AuthorizationKey', () => {
  it('is taken by ChangeConfiguration and sent to the charger as its 40 hex digits', async () => {
    const r = await t.call<{ data: { status: string } }>(
      'POST',
      '/api/ocpp/RemoteTrigger/changeConfiguration',
      {
        token,
        body: { chargePointId: 'AK-1', key: 'AuthorizationKey', value: HEX.toLowerCase() },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'Accepted' });
    expect(sent).toEqual({ key: 'AuthorizationKey', value: HEX });
  });

  it('lets the charger in with the key’s raw bytes as its password', async () => {
    expect(await connectWith(KEY)).toBe(101);
  });

  it('lets the charger in with the key’s hexadecimal string as its password', async () => {
    expect(await connectWith(Buffer.from(HEX))).toBe(101);
    expect(await connectWith(Buffer.from(HEX.toLowerCase()))).toBe(101);
  });

  it('refuses the old password and wrong keys in either form', async () => {
    const wrong = Buffer.from(KEY);
    wrong.writeUInt8(KEY.readUInt8(19) ^ 1, 19);
    expect(await connectWith(Buffer.from(PW))).toBe(401);
    expect(await connectWith(wrong)).toBe(401);
    expect(await connectWith(Buffer.from(wrong.toString('hex')))).toBe(401);
    expect(await connectWith(KEY.subarray(0, 19))).toBe(401);
  });

  it('is refused when it is not 16 to 20 bytes', async () => {
    for (const value of ['00FF3A7F0A1B2C3D4E5F6071829300', `${HEX}00`]) {
      const r = await t.call('POST', '/api/ocpp/RemoteTrigger/changeConfiguration', {
        token,
        body: { chargePointId: 'AK-1', key: 'AuthorizationKey', value },
      });
      expect(r.status).toBe(400);
    }
  });
});
