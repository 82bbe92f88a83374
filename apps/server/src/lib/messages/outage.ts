/** Texts of a database outage; merged into lib/messages.ts. */
const en = {
  'error.databaseUnavailable':
    'Voltline cannot reach its database at the moment. Nothing was changed; please try again in a few seconds.',
};

const tr: Record<keyof typeof en, string> = {
  'error.databaseUnavailable':
    'Voltline şu anda veritabanına ulaşamıyor. Hiçbir şey değişmedi; lütfen birkaç saniye sonra tekrar deneyin.',
};

export const outageMessages = { en, tr };
