/** What a charger's display tells a driver about their card (OCPP 2.0.1 personalMessage, 1.6 cost messages); merged into lib/messages.ts. */
const en = {
  'display.balance': 'Welcome. Your balance: {balance}.',
  'display.price': 'Price: {energy} per kWh.',
  'display.priceWithFee': 'Price: {energy} per kWh, plus {fixed} per session.',
  'display.priceFree': 'Charging here is free.',
  'display.finalCost': 'Total cost: {cost}.',
  'display.finalCostVat': 'Total cost: {cost}, incl. {rate}% VAT.',
  'display.Blocked': 'This card is blocked. Please contact your charging network.',
  'display.Expired': 'This card has expired. Please contact your charging network.',
  'display.NoCredit': 'Your balance ({balance}) is too low to charge. Please top up.',
  'display.ConcurrentTx': 'This card is already charging at another charger.',
  'display.Invalid': 'This card is not valid on this network.',
  'display.Unknown': 'This card is not known on this network.',
} as const;

const tr: Record<keyof typeof en, string> = {
  'display.balance': 'Hoş geldiniz. Bakiyeniz: {balance}.',
  'display.price': 'Fiyat: kWh başına {energy}.',
  'display.priceWithFee': 'Fiyat: kWh başına {energy}, ayrıca oturum başına {fixed}.',
  'display.priceFree': 'Burada şarj ücretsiz.',
  'display.finalCost': 'Toplam tutar: {cost}.',
  'display.finalCostVat': 'Toplam tutar: {cost}, %{rate} KDV dahil.',
  'display.Blocked': 'Bu kart engellenmiş. Lütfen şarj ağınızla iletişime geçin.',
  'display.Expired': 'Bu kartın süresi dolmuş. Lütfen şarj ağınızla iletişime geçin.',
  'display.NoCredit': 'Bakiyeniz ({balance}) şarj için yetersiz. Lütfen bakiye yükleyin.',
  'display.ConcurrentTx': 'Bu kart şu anda başka bir şarj cihazında kullanılıyor.',
  'display.Invalid': 'Bu kart bu ağda geçerli değil.',
  'display.Unknown': 'Bu kart bu ağda tanınmıyor.',
};

export const driverDisplayMessages = { en, tr };
