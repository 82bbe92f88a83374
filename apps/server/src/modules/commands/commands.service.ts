import { COMMAND_ACTIONS, type CommandBody, type CommandName } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import { rememberProfiles } from './charging-profiles.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ChargerGateway, OutboundAction } from '../../ocpp/gateway.js';
import { audit } from '../audit/audit.service.js';
import { findInScope } from '../charge-points/charge-points.repository.js';

/** Remote commands from staff to chargers: reach check, the call, and an audit line either way. */
export class CommandsService {
  constructor(
    private readonly db: Db,
    private readonly gateway: ChargerGateway,
  ) {}

  async send<C extends CommandName>(
    ctx: Ctx,
    command: C,
    body: CommandBody<C>,
  ): Promise<Record<string, unknown>> {
    const cp = await findInScope(this.db, ctx.actor, body.chargePointId);
    if (!cp) throw notFound('chargePoint');
    const { chargePointId: _id, ...payload } = body as CommandBody<C> & { chargePointId: string };
    const action: OutboundAction = COMMAND_ACTIONS[command];
    const record = (summary: Record<string, unknown>, tx: Tx = this.db) =>
      audit(tx, ctx, {
        action: `command.${command}`,
        entity: 'chargePoint',
        entityId: cp.chargePointId,
        summary,
      });
    try {
      const answer = (await this.gateway.call(cp.chargePointId, action, payload)) as Record<string, unknown>;
      await this.db.transaction(async (tx) => {
        if (answer.status === 'Accepted') await rememberProfiles(tx, ctx, cp.id, command, payload);
        await record({ request: payload, answer: 'status' in answer ? answer.status : 'received' }, tx);
      });
      return answer;
    } catch (err) {
      await record({ request: payload, error: err instanceof AppError ? err.key : 'error' });
      throw err;
    }
  }
}
