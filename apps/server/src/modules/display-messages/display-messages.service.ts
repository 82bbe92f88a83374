import {
  DISPLAY_MESSAGE_STATUSES,
  type DisplayMessagesSendBody,
  type StoredDisplayMessage,
} from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';
import { audit } from '../audit/audit.service.js';
import { findChargePoint } from '../charge-points/registry.repository.js';
import { findInScope } from '../charge-points/charge-points.repository.js';
import * as repo from './display-messages.repository.js';

/** The remote command SetDisplayMessage, sent, recorded and audited (the commands' send, from services.ts). */
export type SendDisplayMessage = (
  ctx: Ctx,
  body: { chargePointId: string; message: DisplayMessagesSendBody['message'] },
) => Promise<Record<string, unknown>>;

/** What became of a message at one charger, with the words that say it. */
export interface SendOutcome {
  chargePointId: string;
  outcome: 'accepted' | 'refused' | 'offline' | 'notSupported' | 'failed';
  status: string | null;
  key: MessageKey;
  params: Record<string, string | number>;
}

/** Display messages (O01-O06): what each charger holds, and one message written to several. */
export class DisplayMessagesService {
  constructor(
    private readonly db: Db,
    private readonly sendMessage: SendDisplayMessage,
  ) {}

  async list(ctx: Ctx, id: number): Promise<StoredDisplayMessage[]> {
    const found = await findChargePoint(this.db, ctx.actor, id);
    if (!found) throw notFound('chargePoint');
    const rows = await repo.listMessages(this.db, found.cp.id, new Date());
    return rows.map((r) => ({
      id: r.messageId,
      priority: r.priority,
      state: r.state,
      startDateTime: r.startDateTime?.toISOString() ?? null,
      endDateTime: r.endDateTime?.toISOString() ?? null,
      transactionId: r.transactionId,
      format: r.format,
      language: r.language,
      content: r.content,
      display: r.display
        ? {
            name: r.display.name,
            ...(r.display.instance ? { instance: r.display.instance } : {}),
            ...(r.display.evse ? { evse: r.display.evse } : {}),
          }
        : null,
      source: r.source,
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  /**
   * SetDisplayMessage to each charger in turn, each sent, recorded and audited as the single
   * command is; one charger's refusal or absence does not stop the others. Every charger must be in
   * the caller's reach, or nothing is sent.
   */
  async sendToMany(ctx: Ctx, body: DisplayMessagesSendBody): Promise<SendOutcome[]> {
    for (const chargePointId of body.chargePointIds) {
      if (!(await findInScope(this.db, ctx.actor, chargePointId))) throw notFound('chargePoint');
    }
    const outcomes: SendOutcome[] = [];
    for (const chargePointId of body.chargePointIds) {
      outcomes.push(await this.sendOne(ctx, chargePointId, body.message));
    }
    await audit(this.db, ctx, {
      action: 'displayMessages.send',
      entity: 'displayMessage',
      entityId: String(body.message.id),
      summary: {
        message: body.message,
        chargers: outcomes.map((o) => ({
          chargePointId: o.chargePointId,
          outcome: o.outcome,
          status: o.status,
        })),
      },
      subjectOperatorId: ctx.actor.operatorId,
    });
    return outcomes;
  }

  private async sendOne(
    ctx: Ctx,
    chargePointId: string,
    message: DisplayMessagesSendBody['message'],
  ): Promise<SendOutcome> {
    const at = { chargePointId };
    try {
      const answer = await this.sendMessage(ctx, { chargePointId, message });
      const status = typeof answer.status === 'string' ? answer.status : 'Unknown';
      if (status === 'Accepted')
        return { ...at, outcome: 'accepted', status, key: 'displayMessage.accepted', params: {} };
      // The standard's refusals in words of their own; anything else as the charger said it.
      const known = (DISPLAY_MESSAGE_STATUSES as readonly string[]).includes(status);
      const key = known ? (`displayMessage.status.${status}` as MessageKey) : 'command.refused';
      return { ...at, outcome: 'refused', status, key, params: { status } };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const outcome =
        err.key === 'ocpp.offline' ? 'offline' : err.key === 'ocpp.notSupported' ? 'notSupported' : 'failed';
      const key = outcome === 'notSupported' ? 'displayMessage.notSupported' : err.key;
      return { ...at, outcome, status: null, key, params: { ...err.params, chargePointId } };
    }
  }
}
