import type { Locale, RegisterBody } from '@voltline/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { translate } from '../../lib/messages.js';
import { hashPassword } from '../../lib/password.js';
import * as repo from './auth.repository.js';
import type { RegistrationLinks } from './registration-link.js';

interface RegistrationMailDeps {
  db: Db;
  config: Pick<Config, 'RESET_TOKEN_TTL_MINUTES' | 'PUBLIC_URL'>;
  clock: Clock;
  mailer: Mailer;
  registrationLinks: RegistrationLinks;
}

/**
 * The e-mail a registration sends, after its answer: to a new address, the link that creates the
 * network (the registration sealed in it, nothing stored); to an address that has an account, a
 * note to its owner (sign in, or reset the password).
 */
export async function sendRegistrationMail(
  deps: RegistrationMailDeps,
  body: RegisterBody,
  req: { locale: Locale },
): Promise<void> {
  const { config, clock, mailer } = deps;
  const existing = await repo.findLiveUserByEmail(deps.db, body.email);
  const minutes = config.RESET_TOKEN_TTL_MINUTES;
  if (existing) {
    const locale: Locale =
      existing.locale === 'tr' || existing.locale === 'en' ? existing.locale : req.locale;
    await mailer.send({
      to: existing.email,
      subject: translate(locale, 'mail.registerTaken.subject'),
      text: translate(locale, 'mail.registerTaken.body', {
        name: existing.name,
        login: `${config.PUBLIC_URL}/auth/login`,
        forgot: `${config.PUBLIC_URL}/auth/forgot-password`,
      }),
    });
    return;
  }
  const passwordHash = await hashPassword(body.password);
  const token = await deps.registrationLinks.seal(
    { ...body, passwordHash, locale: req.locale },
    clock.now(),
    minutes,
  );
  await mailer.send({
    to: body.email,
    subject: translate(req.locale, 'mail.registerConfirm.subject'),
    text: translate(req.locale, 'mail.registerConfirm.body', {
      name: body.name,
      company: body.companyName,
      minutes,
      link: `${config.PUBLIC_URL}/auth/register/confirm?token=${encodeURIComponent(token)}`,
    }),
  });
}
