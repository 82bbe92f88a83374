import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { validateLogin } from './login-validation';

const texts: Record<string, string> = {
  'validation.required': 'Lütfen ${label} alanını doldurun',
  'validation.types.email': '${label} geçerli bir e-posta adresi değil',
  'validation.string.max': '${label} en fazla ${max} karakter olabilir',
};
const t = ((key: string) => texts[key] ?? key) as unknown as TFunction<'common'>;
const labels = { Email: 'E-posta', Password: 'Şifre' };

describe('sign-in validation', () => {
  it('asks for both fields with the shared wording', () => {
    expect(validateLogin({ Email: ' ', Password: '' }, t, labels)).toEqual({
      Email: 'Lütfen E-posta alanını doldurun',
      Password: 'Lütfen Şifre alanını doldurun',
    });
  });

  it('rejects an address that is not an e-mail and an overlong password', () => {
    expect(validateLogin({ Email: 'admin', Password: 'x'.repeat(129) }, t, labels)).toEqual({
      Email: 'E-posta geçerli bir e-posta adresi değil',
      Password: 'Şifre en fazla 128 karakter olabilir',
    });
  });

  it('accepts a well-formed sign-in', () => {
    expect(validateLogin({ Email: 'admin@voltline.local', Password: 'secret' }, t, labels)).toEqual({});
  });
});
