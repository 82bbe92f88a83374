import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring HTTP links to one file: `<grant user>.<expiry, unix seconds>.<HMAC>`. The
 * HMAC covers the grant, the expiry and the file name, so none of them can be changed in the URL;
 * a forged or edited link is refused before the database is asked.
 */
export class LinkSigner {
  private readonly key: Buffer;

  /** The key is derived from the server secret, so links are not interchangeable with access tokens. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('voltline files v1').digest();
  }

  sign(username: string, expiresAt: Date, name: string): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    return `${username}.${exp}.${this.mac(username, exp, name)}`;
  }

  /** The grant's user name and expiry of a genuine link; null if it was not signed here for `name`. */
  verify(token: string, name: string): { username: string; expiresAt: Date } | null {
    const match = /^([a-z0-9]{1,40})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, username = '', exp = '', mac = ''] = match;
    const expected = Buffer.from(this.mac(username, Number(exp), name));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { username, expiresAt: new Date(Number(exp) * 1000) };
  }

  private mac(username: string, exp: number, name: string): string {
    return createHmac('sha256', this.key).update(`${username}\n${exp}\n${name}`).digest('base64url');
  }
}
