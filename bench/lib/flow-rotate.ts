import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import type { Fleet, SimCharger } from '../../apps/simulator/src/index.js';

/** The portal API as an operator uses it: sign in once, then send commands to chargers. */
export class PortalClient {
  private token = '';

  constructor(private readonly apiUrl: string) {}

  async login(email: string, password: string): Promise<void> {
    const r = await this.post('portal/Auth/login', { Email: email, Password: password });
    const token = (r.body as { data?: { token?: string } }).data?.token;
    if (r.status !== 200 || !token) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    this.token = token;
  }

  async post(route: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.apiUrl}/${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  }
}

export interface Rotation {
  chargePointId: string;
  /** What the charger answered (through Voltline), or the HTTP failure. */
  answer: string;
  /** The charger reconnected, with the new password, and booted state is back to online. */
  reconnected: boolean;
  /** A connection with the old password is refused (HTTP 401). */
  oldRefused: boolean;
}

/**
 * An operator gives one online charger a new Basic-auth password (ChangeConfiguration
 * AuthorizationKey, 20 characters sent hex-encoded); the simulated charger answers Accepted, drops
 * its connection and comes back with the new password, which Voltline must take; the old one must
 * no longer open a connection.
 */
export async function rotatePassword(
  fleet: Fleet,
  portal: PortalClient,
  ocppUrl: string,
  oldPasswords: Map<string, string>,
  random: () => number,
): Promise<Rotation | undefined> {
  const online = fleet.chargers.filter((c) => c.isOnline);
  const charger = online[Math.floor(random() * online.length)];
  if (!charger) return undefined;
  const oldPassword = oldPasswords.get(charger.id);
  const password = randomBytes(15).toString('base64url');
  const reconnected = reconnection(charger, 20_000);
  const r = await portal
    .post('ocpp/RemoteTrigger/changeConfiguration', {
      chargePointId: charger.id,
      key: 'AuthorizationKey',
      value: Buffer.from(password, 'utf8').toString('hex').toUpperCase(),
    })
    .catch((err: unknown) => ({ status: 0, body: String(err) }));
  const answer =
    r.status === 200
      ? ((r.body as { data?: { status?: string } }).data?.status ?? 'none')
      : `HTTP ${r.status}`;
  if (answer !== 'Accepted')
    return { chargePointId: charger.id, answer, reconnected: false, oldRefused: false };
  oldPasswords.set(charger.id, password);
  const back = await reconnected;
  const oldRefused =
    oldPassword === undefined ? false : (await tryConnect(ocppUrl, charger.id, oldPassword)) === 401;
  return { chargePointId: charger.id, answer, reconnected: back, oldRefused };
}

/** Resolves true once the charger has connected again and is online, false after `timeoutMs`. */
function reconnection(charger: SimCharger, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      charger.off('connected', onConnected);
      resolve(false);
    }, timeoutMs);
    const onConnected = () => {
      charger.off('connected', onConnected);
      const poll = setInterval(() => {
        if (!charger.isOnline) return;
        clearInterval(poll);
        clearTimeout(timer);
        resolve(true);
      }, 50);
    };
    charger.on('connected', onConnected);
  });
}

/** Opens an OCPP WebSocket with Basic auth and closes it: the HTTP status of the upgrade (101 when it opened). */
function tryConnect(ocppUrl: string, id: string, password: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${ocppUrl}/${id}`, ['ocpp1.6'], {
      headers: { authorization: `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}` },
      handshakeTimeout: 10_000,
    });
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      ws.terminate();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', () => resolve(0));
  });
}
