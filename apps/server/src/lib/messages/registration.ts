/** Self-registration's answers and e-mails: the same answer whether the address has an account. */
const en = {
  'auth.registerCheckInbox':
    'Check your e-mail to continue: we have sent a message to that address. The link in it is valid for a limited time.',
  'auth.registerLinkInvalid':
    'This registration link is invalid, has expired or was already used. Register again, or sign in if you have an account.',
  'mail.registerConfirm.subject': 'Confirm your Voltline account',
  'mail.registerConfirm.body':
    'Hello {name},\n\nTo create the Voltline network of {company}, open this link within {minutes} minutes:\n\n{link}\n\nIf you did not ask for an account, ignore this e-mail: nothing has been created.',
  'mail.registerTaken.subject': 'Your Voltline account',
  'mail.registerTaken.body':
    'Hello {name},\n\nSomeone asked to create a Voltline account with this e-mail address, which already has one. Sign in at {login}, or, if you have forgotten your password, set a new one at {forgot}.\n\nIf it was not you, ignore this e-mail: nothing has changed.',
};

const tr: Record<keyof typeof en, string> = {
  'auth.registerCheckInbox':
    'Devam etmek için e-postanızı kontrol edin: bu adrese bir ileti gönderdik. İçindeki bağlantı sınırlı bir süre geçerlidir.',
  'auth.registerLinkInvalid':
    'Bu kayıt bağlantısı geçersiz, süresi dolmuş ya da zaten kullanılmış. Yeniden kaydolun ya da hesabınız varsa giriş yapın.',
  'mail.registerConfirm.subject': 'Voltline hesabınızı onaylayın',
  'mail.registerConfirm.body':
    'Merhaba {name},\n\n{company} için Voltline ağını oluşturmak üzere bu bağlantıyı {minutes} dakika içinde açın:\n\n{link}\n\nHesap istemediyseniz bu e-postayı dikkate almayın: hiçbir şey oluşturulmadı.',
  'mail.registerTaken.subject': 'Voltline hesabınız',
  'mail.registerTaken.body':
    'Merhaba {name},\n\nBirisi bu e-posta adresiyle bir Voltline hesabı oluşturmak istedi; bu adresin zaten bir hesabı var. {login} adresinden giriş yapın ya da şifrenizi unuttuysanız {forgot} adresinden yeni bir şifre belirleyin.\n\nBu siz değilseniz bu e-postayı dikkate almayın: hiçbir şey değişmedi.',
};

export const registrationMessages = { en, tr };
