import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The password-reset link of the newest .eml sent to `to`, waiting up to 10 s for it. */
export async function resetLinkFor(dataDir: string, to: string): Promise<string> {
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
      const link = /https?:\/\/[^\s"'<>]+\/forgotPassword\?token=[^\s"'<>]+/.exec(mail)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset e-mail for ${to} in ${outbox}`);
}
