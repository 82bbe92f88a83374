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
  'upload.malformed': 'The upload was cut short or is not a well-formed form. Send the file again.',
  'upload.tooManyParts':
    'This form has more files or fields than an upload takes. Send one file with its fields.',
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
  'upload.malformed': 'Yükleme yarıda kesildi ya da düzgün bir form değil. Dosyayı yeniden gönderin.',
  'upload.tooManyParts':
    'Bu formda bir yüklemenin alabileceğinden fazla dosya ya da alan var. Tek dosyayı alanlarıyla gönderin.',
};

export const fileMessages = { en, tr };
