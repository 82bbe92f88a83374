import type { Ocpp201 } from '@voltline/contract';
import type { SimCharger201 } from './charger.js';
import type { Handlers201 } from './commands.js';

type Request = Ocpp201.CustomerInformationRequest;

/** NotifyCustomerInformation carries at most this many characters of data per part. */
export const PART_CHARS = 512;

/** What the station holds about a token, one line per fact (authorization cache, local list, transactions). */
export function heldAbout(s: SimCharger201, idToken: string): string[] {
  const lines: string[] = [];
  const cached = s.sessions.auth.cache.get(idToken);
  if (cached) lines.push(`Authorization cache: ${idToken} ${cached}`);
  const group = s.sessions.auth.groups.get(idToken);
  if (group) lines.push(`Group of ${idToken}: ${group}`);
  const listed = s.localList.get(idToken);
  if (listed) lines.push(`Local list (version ${s.localListVersion}): ${idToken} ${listed.status}`);
  for (const e of s.evses) {
    const tx = e.transaction;
    if (tx?.idToken?.idToken === idToken)
      lines.push(`Ongoing transaction ${tx.id} on EVSE ${e.id} since ${tx.startedAt.toISOString()}`);
  }
  for (const tx of s.sessions.history) {
    if (tx.idToken?.idToken === idToken)
      lines.push(`Transaction ${tx.id} ${tx.startedAt.toISOString()} to ${tx.endedAt.toISOString()}`);
  }
  return lines;
}

/**
 * N10: what clearing removes: the token in the authorization cache and its group, and the ended
 * transactions of it. The local list stays (the CSMS manages it, with SendLocalList), as does a
 * running transaction, which the station still needs to finish.
 */
function clearAbout(s: SimCharger201, idToken: string): void {
  s.sessions.auth.cache.delete(idToken);
  s.sessions.auth.groups.delete(idToken);
  const kept = s.sessions.history.filter((tx) => tx.idToken?.idToken !== idToken);
  s.sessions.history.splice(0, s.sessions.history.length, ...kept);
}

/** The data as NotifyCustomerInformation parts of at most PART_CHARS characters each. */
export function parts(text: string): string[] {
  if (text === '') return [''];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += PART_CHARS) out.push(text.slice(i, i + PART_CHARS));
  return out;
}

function report(s: SimCharger201, p: Request, lines: string[]): void {
  const text = lines.length > 0 ? lines.join('\n') : 'No data held about this customer.';
  const all = parts(text);
  const generatedAt = s.now().toISOString();
  void (async () => {
    for (const [seqNo, data] of all.entries()) {
      const tbc = seqNo < all.length - 1;
      await s.send('NotifyCustomerInformation', { data, seqNo, tbc, generatedAt, requestId: p.requestId });
    }
  })().catch(() => undefined);
}

/**
 * N09/N10 CustomerInformation: Invalid without any identifier of the customer; a customer known
 * only by a vendor identifier or certificate is one the station keeps nothing about. With report,
 * what it holds (read before clearing) follows in NotifyCustomerInformation parts; with clear only,
 * nothing follows. I02/I03 CostUpdated: the running cost, kept for the display.
 */
export const customerCommands: Handlers201 = {
  CustomerInformation: (s, p) => {
    if (!p.idToken && !p.customerIdentifier && !p.customerCertificate) return { status: 'Invalid' };
    if (s.options.rejectCustomerInformation) return { status: 'Rejected' };
    const token = p.idToken?.idToken;
    const lines = token ? heldAbout(s, token) : [];
    if (token && p.clear) clearAbout(s, token);
    if (p.report) s.later(0, () => report(s, p, lines));
    return { status: 'Accepted' };
  },

  CostUpdated: (s, p) => {
    s.lastCost = { totalCost: p.totalCost, transactionId: p.transactionId };
    return {};
  },
};
