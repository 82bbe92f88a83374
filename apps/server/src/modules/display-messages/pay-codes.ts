import {
  evseCode,
  payCodeEvse,
  payCodeMessageId,
  payPagePath,
  sessionCodeMessageId,
} from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { connectorOffer } from '../adhoc/adhoc.offer.js';
import type { PaymentProviders } from '../payment-providers/registry.js';
import * as repo from './display-messages.repository.js';

type Charger = { id: number; chargePointId: string };
type Answer =
  { ok: true; answer: Record<string, unknown> } | { ok: false; outcome: string; error: string | null };

export interface PayCodeDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  providers: PaymentProviders;
  publicUrl: string;
  /** The format the charger's display shows an address in, from its device model; null: no display. */
  displayFormat: (chargePointId: number) => Promise<'URI' | 'UTF8' | 'ASCII' | null>;
  /** A CALL recorded as a command of no user (the commands' sendRecorded, handed in by services.ts). */
  send: (
    cp: Charger,
    action: 'SetDisplayMessage' | 'ClearDisplayMessage',
    payload: repo.Payload,
  ) => Promise<Answer>;
}

/**
 * The pay code on a 2.0.1 charger's display (issue #30): each EVSE a stranger can pay at gets a
 * message of its own id (PAY_CODE_MESSAGE_IDS + EVSE) holding its pay page's address, shown in
 * the normal cycle while the EVSE is idle. Sent again at every boot (a charger may forget its
 * messages), each time under the same id, so it replaces and never adds. An EVSE that takes no
 * payment any more (no price, archived) loses the message Voltline set there.
 */
export class PayCodeDisplays {
  constructor(private readonly deps: PayCodeDeps) {}

  async show(cp: Charger): Promise<void> {
    const { db } = this.deps;
    const format = await this.deps.displayFormat(cp.id);
    if (!format) return;
    const base = this.deps.publicUrl.replace(/\/$/, '');
    const held = new Set(
      (await repo.listMessages(db, cp.id, this.deps.clock.now()))
        .map((m) => payCodeEvse(m.messageId))
        .filter((evse) => evse !== null),
    );
    for (const evse of await repo.evsesOf(db, cp.id)) {
      if (await this.payable(cp.chargePointId, evse)) {
        const message: repo.MessageInfo = {
          id: payCodeMessageId(evse),
          priority: 'NormalCycle',
          state: 'Idle',
          message: { format, content: `${base}${payPagePath(cp.chargePointId, evse)}` },
          display: { name: 'Display', evse: { id: evse } },
        };
        await this.set(cp, message);
      } else if (held.has(evse)) {
        await this.clear(cp, evse);
      }
      held.delete(evse);
    }
    // EVSEs Voltline no longer knows of.
    for (const evse of held) await this.clear(cp, evse);
  }

  /**
   * The payment page of a card-paid charge that began, on its EVSE's display for as long as its
   * transaction runs (the charger removes it at the end, O01): a driver who closed the browser
   * opens the page again, and its Stop, from the charger. Only on 2.0.1 chargers that name their
   * transactions and show text; a refusal is logged like the pay code's.
   */
  async showSession(
    cp: Charger,
    evse: number,
    transactionId: string | null,
    pagePath: string,
  ): Promise<void> {
    if (!transactionId) return;
    const format = await this.deps.displayFormat(cp.id);
    if (!format) return;
    const base = this.deps.publicUrl.replace(/\/$/, '');
    await this.set(cp, {
      id: sessionCodeMessageId(evse),
      priority: 'NormalCycle',
      state: 'Charging',
      transactionId,
      message: { format, content: `${base}${pagePath}` },
      display: { name: 'Display', evse: { id: evse } },
    });
  }

  /** Whether strangers can pay at this EVSE at all: its pay page offers a price (adhoc.offer.ts). */
  private async payable(identity: string, evse: number): Promise<boolean> {
    const offer = await connectorOffer(this.deps, evseCode(identity, evse), 'en');
    return offer?.price !== null && offer?.price !== undefined;
  }

  private async set(cp: Charger, message: repo.MessageInfo): Promise<void> {
    const sent = await this.deps.send(cp, 'SetDisplayMessage', { message });
    const status = sent.ok ? sent.answer.status : null;
    if (status === 'Accepted') {
      await this.deps.db.transaction((tx) => repo.upsertMessages(tx, cp.id, [message], 'set'));
      return;
    }
    this.deps.log.warn(
      { chargePointId: cp.chargePointId, messageId: message.id, status, error: sent.ok ? null : sent.error },
      sent.ok
        ? `${cp.chargePointId} did not take the pay code of EVSE ${message.display?.evse?.id}: ${refusal(String(status))}`
        : `the pay code of ${cp.chargePointId} was not sent (${sent.outcome})`,
    );
  }

  private async clear(cp: Charger, evse: number): Promise<void> {
    const id = payCodeMessageId(evse);
    const sent = await this.deps.send(cp, 'ClearDisplayMessage', { id });
    const status = sent.ok ? sent.answer.status : null;
    if (status === 'Accepted' || status === 'Unknown') {
      await this.deps.db.transaction((tx) => repo.deleteMatching(tx, cp.id, { id: [id] }));
    }
  }
}

/** SetDisplayMessage's refusals (O01) in words, for the log. */
function refusal(status: string): string {
  switch (status) {
    case 'NotSupportedMessageFormat':
      return 'its display does not show this format';
    case 'NotSupportedPriority':
      return 'its display does not support the normal cycle';
    case 'NotSupportedState':
      return 'its display shows no message while idle';
    case 'UnknownTransaction':
      return 'it runs no such transaction';
    case 'Rejected':
      return 'it refused the message (its display may be full)';
    default:
      return `it answered ${status}`;
  }
}
