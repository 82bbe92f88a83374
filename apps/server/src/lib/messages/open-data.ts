/** Texts of the public open-data routes (AFIR Art. 20); merged into lib/messages.ts. */
const en = {
  'openData.locationNotFound': 'No published charging location has this id.',
  'openData.badDate': 'Give date_from and date_to as ISO 8601 date-times, such as 2026-11-01T00:00:00Z.',
};

const tr: Record<keyof typeof en, string> = {
  'openData.locationNotFound': 'Bu kimlikle yayımlanmış bir şarj lokasyonu yok.',
  'openData.badDate':
    'date_from ve date_to değerlerini 2026-11-01T00:00:00Z gibi ISO 8601 tarih-saat olarak verin.',
};

export const openDataMessages = { en, tr };
