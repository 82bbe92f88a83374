/** Texts of the file service (firmware downloads, diagnostics uploads); merged into lib/messages.ts. */
const en = {
  'files.ftpOff':
    'The file service is switched off on this server (FTP_PORT=off), so chargers cannot upload files to it.',
  'files.badName':
    'This file name cannot be stored: use a plain name without folders, "..", backslashes or control characters.',
  'files.linkInvalid': 'This download link is not valid. Ask for a new one.',
  'files.linkExpired': 'This download link has expired. Ask for a new one.',
  'files.fileGone': 'The file of this download link no longer exists.',
  'entity.file': 'file',
};

const tr: Record<keyof typeof en, string> = {
  'files.ftpOff':
    'Dosya hizmeti bu sunucuda kapalı (FTP_PORT=off); şarj istasyonları bu sunucuya dosya yükleyemez.',
  'files.badName':
    'Bu dosya adı saklanamaz: klasör, "..", ters eğik çizgi ya da denetim karakteri içermeyen düz bir ad kullanın.',
  'files.linkInvalid': 'Bu indirme bağlantısı geçerli değil. Yeni bir bağlantı isteyin.',
  'files.linkExpired': 'Bu indirme bağlantısının süresi doldu. Yeni bir bağlantı isteyin.',
  'files.fileGone': 'Bu indirme bağlantısının dosyası artık yok.',
  'entity.file': 'dosya',
};

export const fileMessages = { en, tr };
