import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The link (matching `pattern`) of the newest .eml sent to `to`, waiting up to 10 s for it. */
async function linkFor(dataDir: string, to: string, pattern: RegExp): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // Not created until the first message.
    }
    for (const file of files.sort().reverse()) {
      const mail = decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8'));
      if (!mail.toLowerCase().includes(to.toLowerCase())) continue;
      const link = pattern.exec(mail)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail with such a link for ${to} in ${outbox}`);
}

/** The password-reset link of the newest .eml sent to `to`, waiting up to 10 s for it. */
export const resetLinkFor = (dataDir: string, to: string): Promise<string> =>
  linkFor(dataDir, to, /https?:\/\/[^\s"'<>]+\/forgotPassword\?token=[^\s"'<>]+/);

/** The registration link of the newest .eml sent to `to`, waiting up to 10 s for it. */
export const registerLinkFor = (dataDir: string, to: string): Promise<string> =>
  linkFor(dataDir, to, /https?:\/\/[^\s"'<>]+\/auth\/register\/confirm\?token=[^\s"'<>]+/);
