import type { Db } from '../../db/client.js';
import * as repo from './customer-information.repository.js';

/** One NotifyCustomerInformation part, in the domain's words. */
export interface CustomerInformationPart {
  requestId: number;
  seqNo: number;
  /** More parts follow (the charger's tbc). */
  more: boolean;
  data: string;
  generatedAt: Date;
}

/** The parts' data joined in seqNo order, once the last part and every one before it are in. */
export function assembled(parts: Record<string, string>, lastSeqNo: number | null): string | null {
  if (lastSeqNo === null) return null;
  const out: string[] = [];
  for (let n = 0; n <= lastSeqNo; n++) {
    const part = parts[String(n)];
    if (part === undefined) return null;
    out.push(part);
  }
  return out.join('');
}

/**
 * What a charger reports of a data-protection request (N09/N10): its parts are kept by seqNo (a
 * part sent again replaces itself) and joined once complete. A part naming no request of this
 * charger's is acknowledged and dropped: the charger cannot do better with a refusal.
 */
export class CustomerInformationOcpp {
  constructor(private readonly db: Db) {}

  /** Whether the part belonged to a request of this charger. */
  async part(chargePointId: number, p: CustomerInformationPart): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await repo.lockRequest(tx, p.requestId, chargePointId);
      if (!row) return false;
      const parts = { ...row.parts, [String(p.seqNo)]: p.data };
      const lastSeqNo = p.more ? row.lastSeqNo : p.seqNo;
      const data = assembled(parts, lastSeqNo);
      await repo.updateRequest(tx, row.id, {
        parts,
        lastSeqNo,
        generatedAt: p.generatedAt,
        ...(data === null ? { status: 'reporting' } : { status: 'completed', data, completedAt: new Date() }),
      });
      return true;
    });
  }
}
