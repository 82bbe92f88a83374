import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { confirmLinkIn, createTestApp, resetTokenFrom, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

type Err = { error: string; code?: string; details?: { field: string; message: string }[] };

describe('sign-in', () => {
  it('gives a token for the right e-mail and password, and the token opens the API', async () => {
    const token = await t.login('ADMIN@voltline.local');
    const me = await t.call<{ data: { email: string; roles: string[]; permissions: string[] } }>(
      'GET',
      '/api/portal/Auth/me',
      { token },
    );
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('admin@voltline.local');
    expect(me.body.data.roles).toEqual(['Admin']);
    expect(me.body.data.permissions).toContain('users:write');
  });

  it('answers a wrong password and an unknown e-mail with the same 400 message', async () => {
    const wrong = await t.call<Err>('POST', '/api/portal/Auth/login', {
      body: { Email: 'finance@voltline.local', Password: 'nope-nope1' },
    });
    const unknown = await t.call<Err>('POST', '/api/portal/Auth/login', {
      body: { Email: 'nobody@voltline.local', Password: 'nope-nope1' },
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.error).toBe('The e-mail or password is incorrect.');
    expect(unknown.body.error).toBe(wrong.body.error);
  });

  it('answers a disabled account with the right password exactly like a wrong password', async () => {
    const admin = await t.login('admin@voltline.local');
    const created = await t.call<{ data: { id: number } }>('POST', '/api/portal/user', {
      token: admin,
      body: {
        email: 'disabled@voltline.local',
        name: 'Dis',
        surname: 'Abled',
        operatorId: 1,
        roles: ['Finance'],
        password: 'disabled-pass1',
        active: false,
      },
    });
    expect(created.status).toBe(200);
    const disabled = await t.call<Err>('POST', '/api/portal/Auth/login', {
      body: { Email: 'disabled@voltline.local', Password: 'disabled-pass1' },
    });
    const unknown = await t.call<Err>('POST', '/api/portal/Auth/login', {
      body: { Email: 'nobody-at-all@voltline.local', Password: 'disabled-pass1' },
    });
    expect(disabled.status).toBe(400);
    expect(disabled.body).toEqual(unknown.body);
    expect(disabled.body.error).toBe('The e-mail or password is incorrect.');
  });

  it('speaks Turkish when the request asks for it', async () => {
    const r = await t.call<Err>('POST', '/api/portal/Auth/login', {
      body: { Email: 'x@voltline.local', Password: 'nope-nope1' },
      headers: { 'accept-language': 'tr-TR,tr;q=0.9' },
    });
    expect(r.body.error).toBe('E-posta veya şifre hatalı.');
  });

  it('locks an account out with 429 after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await t.call('POST', '/api/portal/Auth/login', {
        body: { Email: 'safety@voltline.local', Password: 'wrong-pass1' },
      });
      expect(r.status).toBe(400);
    }
    const locked = await t.call<Err>('POST', '/api/portal/Auth/login', {
      body: { Email: 'safety@voltline.local', Password: 'voltline-demo1' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts/);
  });

  it('rejects a malformed body with 400 and the failing fields', async () => {
    const r = await t.call<Err>('POST', '/api/portal/Auth/login', { body: { Email: 'not-an-email' } });
    expect(r.status).toBe(400);
    expect(r.body.details?.map((d) => d.field).sort()).toEqual(['body.Email', 'body.Password']);
    expect(r.body.details?.find((d) => d.field === 'body.Password')?.message).toBe('This field is required.');
  });

  it('refuses the API without a token, with a forged token, and answers unknown paths with 404', async () => {
    expect((await t.call('GET', '/api/portal/user')).status).toBe(401);
    expect((await t.call('GET', '/api/portal/user', { token: 'abc.def.ghi' })).status).toBe(401);
    const missing = await t.call<Err>('GET', '/api/portal/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBeTruthy();
  });

  it('never returns or logs a password hash', async () => {
    const token = await t.login('admin@voltline.local');
    const r = await t.call('GET', '/api/portal/user', { token });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|passwordHash/);
  });
});

describe('tokens and sessions', () => {
  it('refreshes a token, and logout stops both the old and refreshed tokens', async () => {
    const token = await t.login('main@voltline.local');
    const refreshed = await t.call<{ data: { token: string } }>('GET', '/api/portal/auth/refreshToken', {
      token,
    });
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.body.data.token;
    expect((await t.call('GET', '/api/portal/user', { token: fresh })).status).toBe(200);

    const out = await t.call<{ message: string }>('POST', '/api/auth/logout', { token: fresh });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('You have signed out.');
    expect((await t.call('GET', '/api/portal/user', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/portal/user', { token: fresh })).status).toBe(401);
    expect((await t.call('GET', '/api/portal/auth/refreshToken', { token: fresh })).status).toBe(401);
  });

  it('accepts an expired token for refresh while the session lives', async () => {
    // The services' clock moves on instead of the test waiting for the token to expire.
    const clock = manualClock();
    const short = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '1' }, { clock });
    try {
      const token = await short.login('admin@voltline.local');
      clock.advance(2100);
      const expired = await short.call<Err>('GET', '/api/portal/user', { token });
      expect(expired.status).toBe(401);
      const refreshed = await short.call<{ data: { token: string } }>(
        'GET',
        '/api/portal/auth/refreshToken',
        { token },
      );
      expect(refreshed.status).toBe(200);
      expect((await short.call('GET', '/api/portal/user', { token: refreshed.body.data.token })).status).toBe(
        200,
      );
    } finally {
      await short.close();
    }
  });
});

describe('token refresh', () => {
  it('exchanges a token expired within the grace window, and refuses one that expired long ago', async () => {
    const clock = manualClock();
    const app = await createTestApp(
      { ACCESS_TOKEN_TTL_SECONDS: '60', TOKEN_REFRESH_GRACE_SECONDS: '300' },
      { clock },
    );
    try {
      const refresh = (token: string) =>
        app.call<{ data: { token: string } }>('GET', '/api/portal/auth/refreshToken', { token });
      const token = await app.login('admin@voltline.local');
      clock.advance(60_000 + 290_000);
      expect((await app.call('GET', '/api/portal/user', { token })).status).toBe(401);
      const fresh = await refresh(token);
      expect(fresh.status).toBe(200);
      clock.advance(60_000 + 301_000);
      expect((await refresh(fresh.body.data.token)).status).toBe(401);
      // The old token, long expired by now, is worth nothing either.
      expect((await refresh(token)).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('password reset by e-mail', () => {
  it('voids every older reset link once the password is changed', async () => {
    const ask = async () => {
      await t.call('POST', '/api/portal/Auth/forgot', { body: { email: 'main@voltline.local' } });
      await t.app.services.auth.idle();
      return resetTokenFrom(t.outbox().at(-1) ?? '');
    };
    const older = await ask();
    const newer = await ask();
    const use = (token: string, password: string) =>
      t.call<Err>('POST', '/api/portal/User/forgotchangepassword', {
        token,
        body: { newPassword: password, newPasswordRepeat: password },
      });
    expect((await use(newer, 'newer-pass-123')).status).toBe(200);
    const stale = await use(older, 'older-pass-123');
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatch(/invalid or has expired/);
    expect(await t.login('main@voltline.local', 'newer-pass-123')).toBeTruthy();
  });

  it('mails a link whose token sets a new password once', async () => {
    const before = t.outbox().length;
    // `Email`, as sign-in spells it (the spec's casing).
    const asked = await t.call<{ message: string }>('POST', '/api/portal/Auth/forgot', {
      body: { Email: 'support@voltline.local' },
    });
    expect(asked.status).toBe(200);
    await t.app.services.auth.idle();
    const mails = t.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1] ?? '';
    expect(mail).toMatch(/To: support@voltline.local/);
    const token = resetTokenFrom(mail);
    expect(token.length).toBeGreaterThan(20);

    const weak = await t.call<Err>('POST', '/api/portal/User/forgotchangepassword', {
      token,
      body: { newPassword: 'short', newPasswordRepeat: 'short' },
    });
    expect(weak.status).toBe(400);
    const mismatch = await t.call<Err>('POST', '/api/portal/User/forgotchangepassword', {
      token,
      body: { newPassword: 'brand-new-pass1', newPasswordRepeat: 'brand-new-pass2' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('The passwords do not match.');

    const done = await t.call<{ message: string }>('POST', '/api/portal/User/forgotchangepassword', {
      token,
      body: { newPassword: 'brand-new-pass1', newPasswordRepeat: 'brand-new-pass1' },
    });
    expect(done.status).toBe(200);
    expect(await t.login('support@voltline.local', 'brand-new-pass1')).toBeTruthy();
    const old = await t.call('POST', '/api/portal/Auth/login', {
      body: { Email: 'support@voltline.local', Password: 'voltline-demo1' },
    });
    expect(old.status).toBe(400);

    const again = await t.call<Err>('POST', '/api/portal/User/forgotchangepassword', {
      token,
      body: { newPassword: 'another-pass1', newPasswordRepeat: 'another-pass1' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/invalid or has expired/);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const before = t.outbox().length;
    const known = await t.call<{ message: string }>('POST', '/api/portal/Auth/forgot', {
      body: { email: 'callcenter@voltline.local' },
    });
    const unknown = await t.call<{ message: string }>('POST', '/api/portal/Auth/forgot', {
      body: { email: 'ghost@voltline.local' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await t.app.services.auth.idle();
    expect(t.outbox().length).toBe(before + 1);
  });

  it('answers before any look-up or e-mail, for a known address as for an unknown one', async () => {
    // The work behind the answer (look-up, link, e-mail) is done after it: a mail server that
    // never answers holds back neither answer, so their time tells nothing.
    const mailer = (t.app.services.auth as unknown as { deps: { mailer: { send: () => Promise<void> } } })
      .deps.mailer;
    const send = mailer.send;
    let release = () => {};
    mailer.send = () => new Promise<void>((resolve) => (release = resolve));
    try {
      for (const email of ['finance@voltline.local', 'nobody@voltline.local']) {
        const r = await t.call<{ message: string }>('POST', '/api/portal/Auth/forgot', { body: { email } });
        expect(r.body).toEqual({
          data: null,
          message: 'If an account exists for that e-mail, a reset link is on its way.',
        });
      }
    } finally {
      mailer.send = send;
      release();
      await t.app.services.auth.idle();
    }
  });
});

describe('registration', () => {
  const register = (email: string, locale = 'en') =>
    t.call<{ data: null; message: string }>('POST', '/api/portal/Auth/register', {
      headers: { 'accept-language': locale },
      body: { companyName: 'Şarj Ağı A.Ş.', name: 'Ayşe', surname: 'Kurt', email, password: 'ayse-pass-01' },
    });
  it('answers an address with an account exactly like a new one, and tells only the mailbox', async () => {
    const before = t.outbox().length;
    const taken = await register('finance@voltline.local');
    const fresh = await register('ayse@sarj.example');
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(taken.status);
    expect(fresh.body).toEqual(taken.body);
    expect(taken.body).toEqual({
      data: null,
      message:
        'Check your e-mail to continue: we have sent a message to that address. The link in it is valid for a limited time.',
    });
    await t.app.services.auth.idle();
    const mails = t.outbox().slice(before);
    expect(mails).toHaveLength(2);
    const owner = mails.find((m) => /To: finance@voltline.local/.test(m)) ?? '';
    expect(owner).toMatch(/already has one/);
    expect(confirmLinkIn(owner)).toBeUndefined();
    // Nothing is created before the link is opened.
    const early = await t.call('POST', '/api/portal/Auth/login', {
      body: { Email: 'ayse@sarj.example', Password: 'ayse-pass-01' },
    });
    expect(early.status).toBe(400);
  });

  it('creates the operator with its Main Operator from the e-mailed link, signed in at once, once', async () => {
    const before = t.outbox().length;
    await register('mehmet@sarj.example', 'tr');
    await t.app.services.auth.idle();
    const mail = t.outbox().slice(before)[0] ?? '';
    expect(mail).toMatch(/To: mehmet@sarj.example/);
    const token = decodeURIComponent(confirmLinkIn(mail) ?? '');
    expect(token.length).toBeGreaterThan(40);
    const confirm = () =>
      t.call<{ data: { token: string } } & Err>('POST', '/api/portal/Auth/register/confirm', { token });
    const r = await confirm();
    expect(r.status).toBe(200);
    const me = await t.call<{ data: { operatorName: string; roles: string[] } }>(
      'GET',
      '/api/portal/Auth/me',
      {
        token: r.body.data.token,
      },
    );
    expect(me.body.data).toMatchObject({ operatorName: 'Şarj Ağı A.Ş.', roles: ['Main Operator'] });
    // The new network sees only itself.
    const users = await t.call<{ data: { email: string }[] }>('GET', '/api/portal/user', {
      token: r.body.data.token,
    });
    expect(users.body.data.map((u) => u.email)).toEqual(['mehmet@sarj.example']);
    const again = await confirm();
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/invalid, has expired or was already used/);
    const forged = await t.call<Err>('POST', '/api/portal/Auth/register/confirm', { token: `${token}x` });
    expect(forged.status).toBe(400);
  });

  it('is refused when switched off', async () => {
    const closed = await createTestApp({ REGISTRATION_ENABLED: 'false' });
    try {
      const r = await closed.call<Err>('POST', '/api/portal/Auth/register', {
        body: {
          companyName: 'Closed Co',
          name: 'A',
          surname: 'B',
          email: 'a@closed.example',
          password: 'closed-pass1',
        },
      });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatch(/switched off/);
    } finally {
      await closed.close();
    }
  });
});
