import { randomInt } from 'node:crypto';
import type { CommandName } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Payload, Prepared } from './prepared.js';
import * as repo from '../display-messages/display-messages.repository.js';

const DISPLAY_COMMANDS: ReadonlySet<CommandName> = new Set([
  'setDisplayMessage',
  'getDisplayMessages',
  'clearDisplayMessage',
]);

export const isDisplayCommand = (command: CommandName) => DISPLAY_COMMANDS.has(command);

/**
 * What the display-message commands keep of the charger's answer, so the portal lists what each
 * charger holds before any report: an Accepted SetDisplayMessage (O01/O02/O06) stores the message,
 * an Accepted or Unknown ClearDisplayMessage (O05) removes it. GetDisplayMessages (O03/O04) gets a
 * requestId whose NotifyDisplayMessages parts are awaited once accepted; Unknown means the charger
 * holds none of what was asked.
 */
export async function prepareDisplayCommand(
  db: Db,
  cp: { id: number },
  command: CommandName,
  request: Payload,
): Promise<Prepared> {
  if (command === 'setDisplayMessage') {
    const message = request.message as repo.MessageInfo;
    return {
      payload: request,
      logged: request,
      after: async (tx, answer) => {
        if (answer.status === 'Accepted') await repo.upsertMessages(tx, cp.id, [message], 'set');
      },
    };
  }
  if (command === 'clearDisplayMessage') {
    const id = Number(request.id);
    return {
      payload: request,
      logged: request,
      after: async (tx, answer) => {
        if (answer.status === 'Accepted' || answer.status === 'Unknown') {
          await repo.deleteMatching(tx, cp.id, { id: [id] });
        }
      },
    };
  }
  const criteria = request as repo.Criteria;
  const payload = { requestId: randomInt(1, 2 ** 31 - 1), ...request };
  // Before the call: the first part may come before the answer is handled.
  await repo.insertReport(db, cp.id, payload.requestId, criteria);
  const drop = (tx: Tx) => repo.dropReport(tx, cp.id, payload.requestId);
  return {
    payload,
    logged: payload,
    after: async (tx, answer) => {
      if (answer.status === 'Accepted') return;
      await drop(tx);
      if (answer.status === 'Unknown') await repo.deleteMatching(tx, cp.id, criteria);
    },
    failed: drop,
    extra: { requestId: payload.requestId },
  };
}
