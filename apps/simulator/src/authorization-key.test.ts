import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeAuthorizationKey, startCharger, type SimCharger } from './index.js';
import { TestCentralSystem } from './test-server.js';

let cs: TestCentralSystem;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await cs.close();
});

async function charger(id: string) {
  const c = await startCharger({ url: cs.url, id, password: 'factory-password-1' });
  chargers.push(c);
  await cs.until(() => cs.clients.has(id), 2000, `${id} connected`);
  return c;
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase();
const handshakes = (id: string) => cs.handshakes.filter((h) => h.identity === id);

describe('AuthorizationKey', () => {
  it('takes the hex-encoded password, answers Accepted, and reconnects with the decoded password', async () => {
    const c = await charger('CP-KEY');
    expect(handshakes('CP-KEY')[0]?.password).toBe('factory-password-1');
    const res = await cs.call('CP-KEY', 'ChangeConfiguration', {
      key: 'AuthorizationKey',
      value: hex('n3w-Passw0rd-2026'),
    });
    expect(res).toEqual({ status: 'Accepted' });
    const second = await cs.until(() => handshakes('CP-KEY')[1], 3000, 'reconnect');
    expect(second.password).toBe('n3w-Passw0rd-2026');
    await cs.until(() => c.isOnline && cs.clients.has('CP-KEY'), 2000, 'online again');
    // A network reconnect, not a reboot.
    expect(cs.messages('CP-KEY', 'BootNotification')).toHaveLength(1);
  });

  it('is write-only: GetConfiguration names the key but never returns its value', async () => {
    await charger('CP-SECRET');
    await cs.call('CP-SECRET', 'ChangeConfiguration', {
      key: 'AuthorizationKey',
      value: hex('do-not-tell-anyone'),
    });
    await cs.until(
      () => handshakes('CP-SECRET').length === 2 && cs.clients.has('CP-SECRET'),
      3000,
      'reconnect',
    );
    const asked = await cs.call('CP-SECRET', 'GetConfiguration', { key: ['AuthorizationKey'] });
    expect(asked).toEqual({ configurationKey: [{ key: 'AuthorizationKey', readonly: false }] });
    const all = await cs.call('CP-SECRET', 'GetConfiguration', {});
    const entry = all.configurationKey?.find((k) => k.key === 'AuthorizationKey');
    expect(entry).toEqual({ key: 'AuthorizationKey', readonly: false });
    expect(JSON.stringify(all)).not.toContain(hex('do-not-tell-anyone'));
  });

  it('also takes a plain 16–20 character password, and sends binary keys byte for byte', async () => {
    await charger('CP-PLAIN');
    expect(
      await cs.call('CP-PLAIN', 'ChangeConfiguration', {
        key: 'AuthorizationKey',
        value: 'plain-password-17',
      }),
    ).toEqual({
      status: 'Accepted',
    });
    expect((await cs.until(() => handshakes('CP-PLAIN')[1], 3000, 'reconnect')).password).toBe(
      'plain-password-17',
    );
    await cs.until(() => cs.clients.has('CP-PLAIN'), 2000, 'online again');
    const bytes = Buffer.from('00ff10e0c1d2a3b4c5d6e7f8091a2b3c4d5e6f70', 'hex');
    await cs.call('CP-PLAIN', 'ChangeConfiguration', {
      key: 'AuthorizationKey',
      value: bytes.toString('hex'),
    });
    const third = await cs.until(() => handshakes('CP-PLAIN')[2], 3000, 'second reconnect');
    const expected = Buffer.concat([Buffer.from('CP-PLAIN:'), bytes]).toString('base64');
    expect(third.authorization).toBe(`Basic ${expected}`);
  });

  it('rejects a value that is neither 32–40 hex digits nor a 16–20 character password, and keeps its connection', async () => {
    await charger('CP-BADKEY');
    for (const value of [
      'short',
      'z'.repeat(32), // 32 characters, not hex, too long for a plain password
      'a'.repeat(41), // odd number of hex digits
      'ab'.repeat(21), // 21 bytes
      'ab'.repeat(15), // 15 bytes, and too long for a plain password
      'x'.repeat(21),
      'with a space 1234',
    ]) {
      expect(await cs.call('CP-BADKEY', 'ChangeConfiguration', { key: 'AuthorizationKey', value })).toEqual({
        status: 'Rejected',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handshakes('CP-BADKEY')).toHaveLength(1);
    expect(decodeAuthorizationKey('ab'.repeat(16))?.length).toBe(16);
    expect(decodeAuthorizationKey('AB'.repeat(20))?.length).toBe(20);
  });
});
