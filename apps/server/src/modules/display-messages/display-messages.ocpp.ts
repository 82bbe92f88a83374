import type { Ocpp201 } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import * as repo from './display-messages.repository.js';

/**
 * The charger's side of display messages (O03/O04): NotifyDisplayMessages parts of a
 * GetDisplayMessages Voltline sent are gathered by requestId; at the last one (tbc false) they
 * replace the stored messages the request asked for. Parts come in order (the handler runs one
 * message of a charger at a time) and carry no sequence number.
 */
export class DisplayMessagesOcpp {
  constructor(private readonly db: Db) {}

  async notify(cp: { id: number }, p: Ocpp201.NotifyDisplayMessagesRequest): Promise<void> {
    const part = p.messageInfo ?? [];
    await this.db.transaction(async (tx) => {
      const report = await repo.addToReport(tx, cp.id, p.requestId, part);
      if (!report) {
        // Not a request Voltline is waiting for (or one already complete): still what it holds.
        await repo.upsertMessages(tx, cp.id, part, 'report');
        return;
      }
      if (p.tbc) return;
      await repo.deleteMatching(tx, cp.id, report.criteria);
      await repo.upsertMessages(tx, cp.id, report.messages, 'report');
      await repo.dropReport(tx, cp.id, p.requestId);
    });
  }
}
