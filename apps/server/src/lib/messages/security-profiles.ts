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
  'securityProfile.awaitingReconnect':
    'The charger answered {status}: it restarts and reconnects with security profile {profile}, which counts from then on.',
  'securityProfile.refused.networkProfile':
    'The charger refused the new network connection profile ({status}): its security profile stays as it was.',
  'securityProfile.refused.priority':
    'The charger refused the new network configuration priority ({status}): its security profile stays as it was.',
  'securityProfile.refused.reset':
    'The charger refused the reset ({status}): it takes the new network connection profile at its next restart.',
  'networkProfile.set': 'The charger answered {status} to the network connection profile of slot {slot}.',
  'networkProfile.priority': 'The charger answered {status} to the new priority.',
  'networkProfile.reset': 'The charger answered {status} to the new priority and {reset} to the reset.',
  'networkProfile.url': 'The CSMS URL is a ws:// or wss:// address.',
  'networkProfile.tlsUrl': 'Security profiles 2 and 3 connect over TLS: the CSMS URL starts with wss://.',
  'networkProfile.prioritySlots': 'Name each slot once in the priority.',
  'audit.action.networkProfile.set': 'Network connection profile set',
  'audit.action.networkProfile.priority': 'Network configuration priority set',
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
  'securityProfile.awaitingReconnect':
    'İstasyonun yanıtı: {status}. İstasyon yeniden başlayıp {profile}. güvenlik profiliyle bağlanacak; profil o andan itibaren geçerli olur.',
  'securityProfile.refused.networkProfile':
    'İstasyon yeni ağ bağlantı profilini reddetti ({status}): güvenlik profili olduğu gibi kalır.',
  'securityProfile.refused.priority':
    'İstasyon yeni ağ yapılandırma önceliğini reddetti ({status}): güvenlik profili olduğu gibi kalır.',
  'securityProfile.refused.reset':
    'İstasyon yeniden başlatmayı reddetti ({status}): yeni ağ bağlantı profilini bir sonraki yeniden başlatmada alır.',
  'networkProfile.set': 'İstasyonun {slot}. yuvadaki ağ bağlantı profiline yanıtı: {status}.',
  'networkProfile.priority': 'İstasyonun yeni önceliğe yanıtı: {status}.',
  'networkProfile.reset': 'İstasyonun yeni önceliğe yanıtı: {status}, yeniden başlatmaya yanıtı: {reset}.',
  'networkProfile.url': 'CSMS adresi ws:// ya da wss:// ile başlayan bir adrestir.',
  'networkProfile.tlsUrl': '2. ve 3. güvenlik profilleri TLS ile bağlanır: CSMS adresi wss:// ile başlar.',
  'networkProfile.prioritySlots': 'Öncelikte her yuvayı bir kez yazın.',
  'audit.action.networkProfile.set': 'Ağ bağlantı profili belirlendi',
  'audit.action.networkProfile.priority': 'Ağ yapılandırma önceliği belirlendi',
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
