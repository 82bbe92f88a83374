/**
 * Every word of the ad-hoc payment pages and e-mail, in the portal's languages. The pages are
 * public and for strangers: plain words, what happened and what to do, never a provider's text.
 */
export type PayLanguage = 'en' | 'tr';

export const FAILURES = [
  'card_declined',
  'insufficient_funds',
  'expired',
  'provider_unavailable',
  'charger_offline',
  'start_rejected',
  'start_refused',
  'not_plugged',
  'abandoned',
  'nothing_charged',
] as const;
export type Failure = (typeof FAILURES)[number];

const en = {
  title: 'Pay and charge',
  notFound: 'There is no connector with this code. Check the code on the sticker.',
  paymentNotFound: 'This payment was not found.',
  chargePoint: 'Charge point',
  connector: 'Connector {n}',
  operator: 'Operated by {name}',
  price: 'Price',
  noPrice: 'This connector has no price set, so it cannot be paid for here. Please contact the operator.',
  state: 'State',
  connectorState: {
    Available: 'Free',
    Preparing: 'Ready, cable plugged in',
    Charging: 'Charging',
    SuspendedEV: 'Paused by the vehicle',
    SuspendedEVSE: 'Paused by the charger',
    Finishing: 'Finishing',
    Reserved: 'Reserved',
    Unavailable: 'Out of service',
    Faulted: 'Out of order',
    Occupied: 'In use',
    Unknown: 'Unknown',
  } as Record<string, string>,
  offline: 'This charger is offline right now, so it cannot start a charge. Please try another one.',
  unavailable: 'This connector cannot be used right now ({state}). Please try another one.',
  email: 'E-mail for your receipt (optional)',
  emailInvalid: 'This e-mail address is not valid. Check it, or leave the field empty.',
  hold: 'Your card is held for {amount} before charging. You pay only for what you charge; the rest is released when you stop.',
  payButton: 'Pay by card and charge',
  language: 'Türkçe',
  sandbox: 'Demo payments: no real card is charged here. Use the test card 4242 4242 4242 4242.',
  status: {
    pending: 'Waiting for your card. If you closed the card page, start again.',
    authorized: 'Card accepted. Asking the charger to start…',
    starting: 'Card accepted. Plug in your cable now: the charge starts when the vehicle is connected.',
    charging: 'Charging.',
    captured: 'Charging finished. You paid {amount}.',
    released: 'Nothing was charged to your card; the hold of {amount} was released.',
    declined: 'Your card was not accepted. Nothing was charged.',
    failed: 'The payment could not be started. Nothing was charged.',
  },
  failure: {
    card_declined: 'Your card was declined. Try another card.',
    insufficient_funds: 'Your card has insufficient funds. Try another card.',
    expired: 'Your card has expired. Try another card.',
    provider_unavailable:
      'The payment service did not answer. Nothing was charged; please try again in a minute.',
    charger_offline:
      'The charger did not answer, so it was not started. Nothing was charged; the hold was released.',
    start_rejected: 'The charger refused to start. Nothing was charged; the hold was released.',
    start_refused: 'The charger did not accept the start. Nothing was charged; the hold was released.',
    not_plugged:
      'No vehicle was connected in time, so the charge did not start. Nothing was charged; the hold was released.',
    abandoned: 'The card page was not completed in time. Nothing was charged.',
    nothing_charged: 'The charge ended without energy. Nothing was charged; the hold was released.',
  } satisfies Record<Failure, string>,
  again: 'Start again',
  energy: 'Energy',
  power: 'Power',
  time: 'Time',
  cost: 'Cost so far',
  finalCost: 'Total',
  stop: 'Stop charging',
  stopping: 'Stopping… the charger is ending the charge.',
  limitStop: 'The charge was stopped at the amount held on your card.',
  stopFailed:
    'The charger did not take the stop. Unplug the cable at the vehicle to end the charge; you pay only what was charged.',
  receipt: 'Receipt (PDF)',
  receiptMailed: 'The receipt was sent to {email}.',
  uncollected: 'The charge cost {cost}; {amount} held on your card was the most that could be taken.',
  live: 'This page updates by itself.',
  mailSubject: 'Your charging receipt ({amount})',
  mailText:
    'Thank you for charging at {chargePoint}, connector {n}.\n\nYou paid {amount}. The receipt is attached as a PDF.\n\n{operator}',
};

const tr: typeof en = {
  title: 'Öde ve şarj et',
  notFound: 'Bu kodda bir konnektör yok. Etiketteki kodu kontrol edin.',
  paymentNotFound: 'Bu ödeme bulunamadı.',
  chargePoint: 'Şarj istasyonu',
  connector: 'Konnektör {n}',
  operator: 'İşleten: {name}',
  price: 'Fiyat',
  noPrice:
    'Bu konnektörün fiyatı tanımlı değil, bu yüzden burada ödeme alınamıyor. Lütfen işletmeciyle iletişime geçin.',
  state: 'Durum',
  connectorState: {
    Available: 'Boş',
    Preparing: 'Hazır, kablo takılı',
    Charging: 'Şarj ediyor',
    SuspendedEV: 'Araç tarafından duraklatıldı',
    SuspendedEVSE: 'İstasyon tarafından duraklatıldı',
    Finishing: 'Bitiyor',
    Reserved: 'Rezerve',
    Unavailable: 'Hizmet dışı',
    Faulted: 'Arızalı',
    Occupied: 'Kullanımda',
    Unknown: 'Bilinmiyor',
  },
  offline: 'Bu istasyon şu anda çevrim dışı, şarj başlatamaz. Lütfen başka bir istasyon deneyin.',
  unavailable: 'Bu konnektör şu anda kullanılamıyor ({state}). Lütfen başka birini deneyin.',
  email: 'Makbuz için e-posta (isteğe bağlı)',
  emailInvalid: 'Bu e-posta adresi geçerli değil. Kontrol edin ya da alanı boş bırakın.',
  hold: 'Şarjdan önce kartınızda {amount} bloke edilir. Yalnızca şarj ettiğiniz kadar ödersiniz; durdurduğunuzda kalanı serbest bırakılır.',
  payButton: 'Kartla öde ve şarj et',
  language: 'English',
  sandbox:
    'Deneme ödemeleri: burada gerçek bir karttan para çekilmez. Test kartı 4242 4242 4242 4242 kullanın.',
  status: {
    pending: 'Kartınız bekleniyor. Kart sayfasını kapattıysanız yeniden başlayın.',
    authorized: 'Kart kabul edildi. İstasyondan şarjı başlatması isteniyor…',
    starting: 'Kart kabul edildi. Kablonuzu şimdi takın: araç bağlanınca şarj başlar.',
    charging: 'Şarj ediyor.',
    captured: 'Şarj bitti. {amount} ödediniz.',
    released: 'Kartınızdan para çekilmedi; {amount} blokesi kaldırıldı.',
    declined: 'Kartınız kabul edilmedi. Para çekilmedi.',
    failed: 'Ödeme başlatılamadı. Para çekilmedi.',
  },
  failure: {
    card_declined: 'Kartınız reddedildi. Başka bir kart deneyin.',
    insufficient_funds: 'Kartınızda yeterli bakiye yok. Başka bir kart deneyin.',
    expired: 'Kartınızın süresi dolmuş. Başka bir kart deneyin.',
    provider_unavailable:
      'Ödeme hizmeti yanıt vermedi. Para çekilmedi; lütfen bir dakika sonra yeniden deneyin.',
    charger_offline: 'İstasyon yanıt vermedi, şarj başlatılmadı. Para çekilmedi; bloke kaldırıldı.',
    start_rejected: 'İstasyon şarjı başlatmayı reddetti. Para çekilmedi; bloke kaldırıldı.',
    start_refused: 'İstasyon başlatmayı kabul etmedi. Para çekilmedi; bloke kaldırıldı.',
    not_plugged: 'Araç zamanında bağlanmadı, şarj başlamadı. Para çekilmedi; bloke kaldırıldı.',
    abandoned: 'Kart sayfası zamanında tamamlanmadı. Para çekilmedi.',
    nothing_charged: 'Şarj enerji verilmeden bitti. Para çekilmedi; bloke kaldırıldı.',
  },
  again: 'Yeniden başla',
  energy: 'Enerji',
  power: 'Güç',
  time: 'Süre',
  cost: 'Şu ana kadarki tutar',
  finalCost: 'Toplam',
  stop: 'Şarjı durdur',
  stopping: 'Durduruluyor… istasyon şarjı bitiriyor.',
  limitStop: 'Şarj, kartınızda bloke edilen tutarda durduruldu.',
  stopFailed:
    'İstasyon durdurma isteğini almadı. Şarjı bitirmek için kabloyu araçtan çıkarın; yalnızca şarj edilen kadar ödersiniz.',
  receipt: 'Makbuz (PDF)',
  receiptMailed: 'Makbuz {email} adresine gönderildi.',
  uncollected: 'Şarj {cost} tuttu; kartınızda bloke edilen {amount} alınabilecek en yüksek tutardı.',
  live: 'Bu sayfa kendiliğinden güncellenir.',
  mailSubject: 'Şarj makbuzunuz ({amount})',
  mailText:
    '{chargePoint} istasyonunun {n} numaralı konnektöründe şarj ettiğiniz için teşekkürler.\n\n{amount} ödediniz. Makbuz PDF olarak ektedir.\n\n{operator}',
};

export const PAY_WORDS = { en, tr };
export type PayWords = typeof en;

export const fill = (s: string, v: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

/** The language asked by `?lang=`, else the browser's first of ours, else English. */
export function payLanguage(query: unknown, acceptLanguage: string | undefined): PayLanguage {
  const asked = (query as { lang?: unknown } | undefined)?.lang;
  if (asked === 'en' || asked === 'tr') return asked;
  return /^\s*tr\b/i.test(acceptLanguage ?? '') ? 'tr' : 'en';
}
