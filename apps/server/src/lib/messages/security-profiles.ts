/** Texts of security profiles and charger certificates; merged into lib/messages.ts. */
const en = {
  'securityProfile.downgrade':
    'A security profile can only be raised: this charger is on profile {current}, so {profile} is refused.',
  'securityProfile.same': 'This charger is already on security profile {profile}.',
  'securityProfile.invalid': 'The security profile is 1, 2 or 3.',
  'securityProfile.noTls':
    'Security profiles 2 and 3 need Voltline to serve TLS (TLS_CERT_FILE and TLS_KEY_FILE).',
  'securityProfile.noPassword':
    'Security profile 2 needs a password: set the charger’s password (AuthorizationKey) first.',
  'securityProfile.noCertificate':
    'Security profile 3 needs a valid client certificate from Voltline’s CA that the charger accepted: have the charger send a certificate signing request first.',
  'securityProfile.changed': 'The charger answered {status}.',
  'csr.commonName': 'The common name (CN) of the request is not the charge point id.',
  'csr.weakKey': 'The key is too weak (RSA needs 2048 bits or more; EC keys P-256, P-384 or P-521).',
  'csr.organization': 'The organisation (O) of the request is not the CPO name {cpoName}.',
  'csr.notAccepted': 'The charge point is not accepted by the network.',
  'audit.action.certificate.signed': 'Certificate signed',
  'audit.action.certificate.refused': 'Certificate request refused',
  'audit.action.certificate.delivered': 'Certificate delivered',
  'audit.action.certificate.renewalRequested': 'New certificate requested before expiry',
  'audit.action.securityProfile': 'Security profile changed',
};

const tr: Record<keyof typeof en, string> = {
  'securityProfile.downgrade':
    'Güvenlik profili yalnızca yükseltilebilir: bu istasyon {current}. profilde, bu yüzden {profile} reddedildi.',
  'securityProfile.same': 'Bu istasyon zaten {profile}. güvenlik profilinde.',
  'securityProfile.invalid': 'Güvenlik profili 1, 2 ya da 3 olabilir.',
  'securityProfile.noTls':
    '2. ve 3. güvenlik profilleri için Voltline’ın TLS sunması gerekir (TLS_CERT_FILE ve TLS_KEY_FILE).',
  'securityProfile.noPassword':
    '2. güvenlik profili bir şifre gerektirir: önce istasyonun şifresini (AuthorizationKey) belirleyin.',
  'securityProfile.noCertificate':
    '3. güvenlik profili, Voltline’ın sertifika otoritesinden alınmış ve istasyonun kabul ettiği geçerli bir istemci sertifikası gerektirir: önce istasyonun bir sertifika imzalama isteği göndermesini sağlayın.',
  'securityProfile.changed': 'İstasyonun yanıtı: {status}.',
  'csr.commonName': 'İsteğin ortak adı (CN) şarj istasyonunun kimliği değil.',
  'csr.weakKey': 'Anahtar çok zayıf (RSA için en az 2048 bit; EC anahtarları için P-256, P-384 ya da P-521).',
  'csr.organization': 'İsteğin kuruluş adı (O), işletmeci adı {cpoName} değil.',
  'csr.notAccepted': 'Şarj istasyonu ağ tarafından kabul edilmemiş.',
  'audit.action.certificate.signed': 'Sertifika imzalandı',
  'audit.action.certificate.refused': 'Sertifika isteği reddedildi',
  'audit.action.certificate.delivered': 'Sertifika teslim edildi',
  'audit.action.certificate.renewalRequested': 'Süresi dolmadan yeni sertifika istendi',
  'audit.action.securityProfile': 'Güvenlik profili değiştirildi',
};

export const securityProfileMessages = { en, tr };
