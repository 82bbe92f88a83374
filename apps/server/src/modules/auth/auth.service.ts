import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale, Me, RegisterBody, ResetPasswordBody } from '@voltline/contract';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { AfterAnswer } from '../../lib/after-answer.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/messages.js';
import { dummyVerify, hashPassword, verifyPassword } from '../../lib/password.js';
import { randomToken, sha256, type TokenService } from '../../lib/tokens.js';
import { audit } from '../audit/audit.service.js';
import * as repo from './auth.repository.js';
import type { RegistrationLinks } from './registration-link.js';
import { sendRegistrationMail } from './registration-mail.js';

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  locale: Locale;
}

/** Self-registration's writes, done by the users module (auth sits below users and operators). */
export type CreateAccount = (
  tx: Tx,
  account: {
    companyName: string;
    email: string;
    passwordHash: string;
    name: string;
    surname: string;
    locale: string;
  },
) => Promise<{ operatorId: number; userId: number; email: string }>;

export type AuthConfig = Pick<
  Config,
  | 'LOGIN_FAILURE_WINDOW_MINUTES'
  | 'LOGIN_MAX_FAILURES'
  | 'LOGIN_MAX_FAILURES_PER_IP'
  | 'SESSION_TTL_HOURS'
  | 'RESET_TOKEN_TTL_MINUTES'
  | 'PUBLIC_URL'
  | 'REGISTRATION_ENABLED'
>;

export interface AuthDeps {
  db: Db;
  config: AuthConfig;
  tokens: TokenService;
  mailer: Mailer;
  clock: Clock;
  createAccount: CreateAccount;
  /** Encrypts a registration into its confirmation link. */
  registrationLinks: RegistrationLinks;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** Sign-in, tokens, password reset and registration. */
export class AuthService {
  /** Work done after the answer (e-mails): the same answer, as fast, whoever the address is. */
  private readonly after: AfterAnswer;

  constructor(private readonly deps: AuthDeps) {
    this.after = new AfterAnswer(deps.log);
  }

  /** Resolves once the e-mails of answers already given are sent (shutdown and tests). */
  idle(): Promise<void> {
    return this.after.idle();
  }

  private get db() {
    return this.deps.db;
  }

  /** The signed-in user behind a token's session, or null when the session has ended. */
  actorOfSession(sessionId: string, userId: number) {
    return repo.findSessionActor(this.db, sessionId, userId);
  }

  async login(email: string, password: string, req: RequestInfo): Promise<string> {
    const cfg = this.deps.config;
    const keys = [`acct:${email}`, `ip:${req.ip}`] as const;
    const window = cfg.LOGIN_FAILURE_WINDOW_MINUTES;
    const [acctFailures, ipFailures] = await Promise.all(
      keys.map((k) => repo.failureCount(this.db, k, window)),
    );
    if ((acctFailures ?? 0) >= cfg.LOGIN_MAX_FAILURES || (ipFailures ?? 0) >= cfg.LOGIN_MAX_FAILURES_PER_IP) {
      throw new AppError(429, 'auth.tooManyFailures', { minutes: window });
    }
    const user = await repo.findLiveUserByEmail(this.db, email);
    const valid = user ? await verifyPassword(user.passwordHash, password) : await dummyVerify(password);
    // A disabled account is answered like a wrong password: the answer never tells whether an
    // address has an account, nor what became of it.
    if (!user || !valid || !user.active) {
      await Promise.all(keys.map((k) => repo.recordFailure(this.db, k, window)));
      throw new AppError(400, 'auth.invalidCredentials');
    }
    return this.db.transaction(async (tx) => {
      await repo.clearFailures(tx, keys[0]);
      const token = await this.openSession(tx, user.userId, req);
      await audit(
        tx,
        { actor: user, ip: req.ip, userAgent: req.userAgent },
        {
          action: 'login',
          entity: 'user',
          entityId: user.userId,
        },
      );
      return token;
    });
  }

  private async openSession(tx: Tx, userId: number, req: RequestInfo) {
    const sessionId = randomUUID();
    const hours = this.deps.config.SESSION_TTL_HOURS;
    await repo.insertSession(tx, {
      id: sessionId,
      userId,
      ip: req.ip,
      userAgent: req.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(this.deps.clock.now().getTime() + hours * 3_600_000),
    });
    return this.deps.tokens.sign({ userId, sessionId });
  }

  /** A fresh token for a live session; the presented token may have just expired. */
  async refresh(token: string | null): Promise<string> {
    const claims = token ? await this.deps.tokens.verify(token, true) : null;
    if (!claims || claims === 'expired') throw new AppError(401, 'error.sessionExpired');
    const row = await repo.findSessionActor(this.db, claims.sessionId, claims.userId);
    if (!row) throw new AppError(401, 'error.sessionExpired');
    return this.deps.tokens.sign(claims);
  }

  async logout(ctx: Ctx): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.revokeSession(tx, ctx.actor.sessionId);
      await audit(tx, ctx, { action: 'logout', entity: 'user', entityId: ctx.actor.userId });
    });
  }

  me(ctx: Ctx): Me {
    const a = ctx.actor;
    return {
      id: a.userId,
      email: a.email,
      name: a.name,
      surname: a.surname,
      operatorId: a.operatorId,
      operatorName: a.operatorName,
      roles: a.roles,
      permissions: [...a.permissions],
      locale: a.locale,
    };
  }

  /**
   * Sends a reset link when the account exists. Everything but the answer happens after it, for
   * a known and an unknown address alike, so neither the answer nor its time tells them apart.
   */
  forgot(email: string, req: RequestInfo): void {
    this.after.run('password reset e-mail', () => this.sendReset(email, req));
  }

  private async sendReset(email: string, req: RequestInfo): Promise<void> {
    const user = await repo.findLiveUserByEmail(this.db, email);
    if (!user || !user.active) return;
    const token = randomToken();
    const minutes = this.deps.config.RESET_TOKEN_TTL_MINUTES;
    await this.db.transaction(async (tx) => {
      await repo.insertReset(tx, {
        userId: user.userId,
        tokenHash: sha256(token),
        expiresAt: new Date(this.deps.clock.now().getTime() + minutes * 60_000),
      });
      await audit(
        tx,
        { actor: user, ip: req.ip, userAgent: req.userAgent },
        {
          action: 'passwordResetRequested',
          entity: 'user',
          entityId: user.userId,
        },
      );
    });
    const locale: Locale = user.locale === 'tr' || user.locale === 'en' ? user.locale : req.locale;
    const link = `${this.deps.config.PUBLIC_URL}/forgotPassword?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: user.email,
      subject: translate(locale, 'mail.reset.subject'),
      text: translate(locale, 'mail.reset.body', { name: user.name, minutes, link }),
    });
  }

  async resetPassword(token: string | null, body: ResetPasswordBody, req: RequestInfo): Promise<void> {
    if (body.newPassword !== body.newPasswordRepeat) {
      throw new AppError(400, 'auth.passwordsDiffer', {}, [
        { field: 'body.newPasswordRepeat', key: 'auth.passwordsDiffer' },
      ]);
    }
    if (!token) throw new AppError(400, 'auth.resetInvalid');
    const hash = await hashPassword(body.newPassword);
    await this.db.transaction(async (tx) => {
      const reset = await repo.takeValidReset(tx, sha256(token));
      if (!reset) throw new AppError(400, 'auth.resetInvalid');
      const who = { userId: reset.userId, email: reset.email, operatorId: reset.operatorId };
      await repo.markResetUsed(tx, reset.id);
      await repo.setPassword(tx, reset.userId, hash);
      // A changed password ends every open session of the account and voids its other links.
      await repo.revokeUserSessions(tx, reset.userId);
      await repo.voidResets(tx, reset.userId);
      await audit(
        tx,
        { actor: who, ip: req.ip, userAgent: req.userAgent },
        {
          action: 'passwordReset',
          entity: 'user',
          entityId: reset.userId,
        },
      );
    });
  }

  /**
   * Self-registration, step one: the same answer for any address. After it, a new address gets a
   * link that creates the network when opened; an address that has an account gets a note to its
   * owner instead (sign in, or reset the password). Nothing is stored until the link is opened.
   */
  register(body: RegisterBody, req: RequestInfo): void {
    if (!this.deps.config.REGISTRATION_ENABLED) throw new AppError(403, 'auth.registrationDisabled');
    this.after.run('registration e-mail', () => sendRegistrationMail(this.deps, body, req));
  }

  /**
   * Self-registration, step two: the e-mailed link creates the new top-level operator and its
   * Main Operator, signed in at once. A link whose address has an account by now is void.
   */
  async confirmRegistration(token: string | null, req: RequestInfo): Promise<string> {
    if (!this.deps.config.REGISTRATION_ENABLED) throw new AppError(403, 'auth.registrationDisabled');
    const pending = token ? await this.deps.registrationLinks.open(token, this.deps.clock.now()) : null;
    if (!pending) throw new AppError(400, 'auth.registerLinkInvalid');
    return this.db.transaction(async (tx) => {
      if (await repo.findLiveUserByEmail(tx, pending.email)) {
        throw new AppError(400, 'auth.registerLinkInvalid');
      }
      const account = await this.deps.createAccount(tx, pending);
      const who = { userId: account.userId, email: account.email, operatorId: account.operatorId };
      await audit(
        tx,
        { actor: who, ip: req.ip, userAgent: req.userAgent },
        {
          action: 'register',
          entity: 'operator',
          entityId: account.operatorId,
          summary: { companyName: pending.companyName, userId: account.userId, email: pending.email },
        },
      );
      return this.openSession(tx, account.userId, req);
    });
  }
}
