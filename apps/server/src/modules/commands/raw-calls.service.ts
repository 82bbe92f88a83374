import { OcppProtocol, type RawCallBody, type RawCallResult } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import { hashChargerPassword } from '../../lib/charger-auth.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ChargerGateway, RawReply } from '../../ocpp/gateway.js';
import { checkRawRequest, protocolName } from '../../ocpp/raw/schema.js';
import { rawSecrets, type RawSecrets } from '../../ocpp/raw/secrets.js';
import { audit } from '../audit/audit.service.js';
import {
  findInScope,
  promotePendingPassword,
  setPendingPasswordHash,
} from '../charge-points/charge-points.repository.js';
import * as records from './command-records.repository.js';
import { errorText, outcomeOf } from './commands.service.js';

type Target = NonNullable<Awaited<ReturnType<typeof findInScope>>>;

/**
 * The raw command console: any request of the charger's own OCPP version, checked against that
 * version's official schema and sent as written. Audited and recorded like every command, the
 * charger's credentials left out of both; a password it sets is handled as Voltline's own
 * password change is (pending until the charger takes it), so the charger can still connect.
 */
export class RawCallsService {
  constructor(
    private readonly db: Db,
    private readonly gateway: ChargerGateway,
    /** This process, as its command records name it (NODE_ID). */
    private readonly nodeId: string,
  ) {}

  async send(ctx: Ctx, body: RawCallBody): Promise<RawCallResult> {
    const cp = await findInScope(this.db, ctx.actor, body.chargePointId);
    if (!cp) throw notFound('chargePoint');
    const protocol = OcppProtocol.parse(cp.ocppProtocol);
    const secrets = this.check(protocol, body);
    const { action, payload } = body;
    const recordId = await records.insertRecord(this.db, {
      chargePointId: cp.id,
      action,
      request: secrets.logged,
      userId: ctx.actor.userId,
      nodeId: this.nodeId,
    });
    const hash = secrets.password ? hashChargerPassword(secrets.password.bytes) : null;
    if (hash) await setPendingPasswordHash(this.db, cp.id, hash);
    const line = (tx: Tx, outcome: Record<string, unknown>) =>
      audit(tx, ctx, {
        action: 'command.call',
        entity: 'chargePoint',
        entityId: cp.chargePointId,
        summary: { action, request: secrets.logged, ...outcome },
      });
    let result: RawReply;
    try {
      result = await this.gateway.callRaw(cp.chargePointId, protocol, action, payload);
    } catch (err) {
      await this.db.transaction(async (tx) => {
        if (hash) await setPendingPasswordHash(tx, cp.id, null);
        await records.finishRecord(tx, recordId, outcomeOf(err), { error: errorText(err) });
        await line(tx, { error: err instanceof AppError ? err.key : 'error' });
      });
      throw err;
    }
    await this.db.transaction(async (tx) => {
      await this.settlePassword(tx, cp, secrets, hash, result);
      if ('reply' in result) {
        const status = typeof result.reply.status === 'string' ? result.reply.status : null;
        await records.finishRecord(tx, recordId, 'answered', { status, answer: result.reply });
        await line(tx, { answer: result.reply });
      } else {
        const { code, description } = result.callError;
        const error = description ? `${code}: ${description}` : code;
        await records.finishRecord(tx, recordId, 'callError', { error, answer: result });
        await line(tx, { callError: result.callError });
      }
    });
    return result;
  }

  /** Refuses, before anything is sent, an action the version lacks and a request its schema does not allow. */
  private check(protocol: OcppProtocol, { action, payload }: RawCallBody): RawSecrets {
    const problems = checkRawRequest(protocol, action, payload);
    const words = { action, protocol: protocolName(protocol) };
    if (problems === 'unknown') {
      throw new AppError(400, 'rawCall.unknownAction', words, [
        { field: 'body.action', key: 'rawCall.unknownAction', params: words },
      ]);
    }
    const secrets = rawSecrets(action, payload);
    const all = secrets.refusal ? [...problems, secrets.refusal] : problems;
    if (all.length > 0) throw new AppError(400, 'rawCall.schema', words, all);
    return secrets;
  }

  /** The charger's next password becomes its password once it says it took it; else it is dropped. */
  private async settlePassword(tx: Tx, cp: Target, secrets: RawSecrets, hash: string | null, r: RawReply) {
    if (!hash || !secrets.password) return;
    if ('reply' in r && secrets.password.accepted(r.reply)) await promotePendingPassword(tx, cp.id, hash);
    else await setPendingPasswordHash(tx, cp.id, null);
  }
}
