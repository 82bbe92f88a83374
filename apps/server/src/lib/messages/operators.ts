/** Texts of the operators module; merged into lib/messages.ts. */
const en = {
  'operator.created': 'Operator created.',
  'operator.updated': 'Operator updated.',
  'operator.archived': 'Operator archived.',
  'operator.unarchived': 'Operator restored.',
  'operator.taxIdInvalid': 'Enter a valid tax number: a 10-digit VKN or an 11-digit TCKN.',
  'operator.ibanInvalid': 'The IBAN is not valid.',
  'operator.vatRate': 'The VAT rate is in basis points, a whole number from 0 to 10 000 (2000 is 20 %).',
  'operator.timeZone': 'Choose a known time zone, such as Europe/Istanbul.',
  'operator.countryInvalid': 'Use a two-letter country code, e.g. TR.',
  'operator.parentOutOfReach': 'You can only place operators below your own operator.',
  'operator.parentArchived': 'The parent operator is archived.',
  'operator.rootAdminOnly': 'Only an Admin can create a top-level operator.',
  'operator.cycle': 'An operator cannot be moved below itself or one of its sub-operators.',
  'operator.cannotArchiveOwn': 'You cannot archive the operator you belong to.',
  'operator.hasActiveChargePoints':
    'The operator still has {count} active charge point(s); archive or move them first.',
  'operator.hasActiveSubOperators':
    'The operator still has {count} active sub-operator(s); archive them first.',
  'operator.alreadyArchived': 'The operator is already archived.',
  'operator.notArchived': 'The operator is not archived.',
  'operator.archivedCannotChange': 'An archived operator cannot be changed; restore it first.',
} as const;

const tr: Record<keyof typeof en, string> = {
  'operator.created': 'Operatör oluşturuldu.',
  'operator.updated': 'Operatör güncellendi.',
  'operator.archived': 'Operatör arşivlendi.',
  'operator.unarchived': 'Operatör geri alındı.',
  'operator.taxIdInvalid': 'Geçerli bir vergi numarası girin: 10 haneli VKN veya 11 haneli TCKN.',
  'operator.ibanInvalid': 'IBAN geçerli değil.',
  'operator.vatRate': 'KDV oranı baz puan olarak 0 ile 10 000 arasında tam sayıdır (2000, %20 demektir).',
  'operator.timeZone': 'Europe/Istanbul gibi bilinen bir saat dilimi seçin.',
  'operator.countryInvalid': 'İki harfli ülke kodu kullanın, ör. TR.',
  'operator.parentOutOfReach': 'Operatörleri yalnızca kendi operatörünüzün altına ekleyebilirsiniz.',
  'operator.parentArchived': 'Üst operatör arşivlenmiş.',
  'operator.rootAdminOnly': 'En üst düzey operatörü yalnızca Admin oluşturabilir.',
  'operator.cycle': 'Bir operatör kendisinin veya alt operatörlerinin altına taşınamaz.',
  'operator.cannotArchiveOwn': 'Bağlı olduğunuz operatörü arşivleyemezsiniz.',
  'operator.hasActiveChargePoints':
    'Operatörün hâlâ {count} aktif şarj istasyonu var; önce bunları arşivleyin veya taşıyın.',
  'operator.hasActiveSubOperators':
    'Operatörün hâlâ {count} aktif alt operatörü var; önce bunları arşivleyin.',
  'operator.alreadyArchived': 'Operatör zaten arşivlenmiş.',
  'operator.notArchived': 'Operatör arşivde değil.',
  'operator.archivedCannotChange': 'Arşivlenmiş bir operatör değiştirilemez; önce geri alın.',
};

export const operatorMessages = { en, tr };
