import {
  REFUSED_CUSTOMER_INFORMATION_STATES,
  type CustomerInformationBody,
  type CustomerInformationRequest,
  type CustomerInformationState,
  type Page,
} from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import type { SendOutcome, SendRecorded } from '../bookings/bookings.service.js';
import { findInScope } from '../charge-points/charge-points.repository.js';
import { driverInScope } from '../drivers/drivers.access.js';
import * as repo from './customer-information.repository.js';

type Target = { id: number; chargePointId: string };

/** The request's state from how the call went: a refusal in the charger's words, or why it failed. */
export function stateOf(
  sent: SendOutcome,
  report: boolean,
): { status: CustomerInformationState; error: string | null } {
  if (!sent.ok) {
    if (sent.error === 'ocpp.notSupported') return { status: 'notSupported', error: null };
    return { status: sent.outcome, error: sent.error };
  }
  const status = sent.answer.status;
  if (status === 'Accepted') return { status: report ? 'Accepted' : 'completed', error: null };
  const info = sent.answer.statusInfo as { reasonCode?: string; additionalInfo?: string } | undefined;
  const reason = info ? [info.reasonCode, info.additionalInfo].filter(Boolean).join(': ') : '';
  return { status: status === 'Invalid' ? 'Invalid' : 'Rejected', error: reason || null };
}

/**
 * Data-protection requests (N09/N10): staff ask chargers what they hold about each of a driver's
 * cards, or have them forget it. The request goes to the charger's adapter as CustomerInformation
 * (a charger whose protocol has none answers `notSupported` without anything being sent); what the
 * charger reports arrives through CustomerInformationOcpp.
 */
export class CustomerInformationService {
  constructor(
    private readonly db: Db,
    private readonly send: SendRecorded,
  ) {}

  async ask(
    ctx: Ctx,
    driverId: number,
    body: CustomerInformationBody,
  ): Promise<CustomerInformationRequest[]> {
    const driver = await driverInScope(this.db, ctx, driverId);
    const cards = await repo.cardNumbersOf(this.db, driverId);
    if (cards.length === 0) throw new AppError(409, 'customerInformation.noCards');
    const targets = await this.targets(ctx, driver.operatorPath, body.chargePointId);
    const ids: number[] = [];
    // Chargers are asked side by side; one charger's cards one after another.
    await Promise.all(
      targets.map(async (cp) => {
        for (const card of cards) ids.push(await this.askOne(ctx, driver, cp, card, body));
      }),
    );
    const { items } = await repo.pageOf(this.db, driverId, 0, 1000);
    const made = items.filter((r) => ids.includes(r.id));
    await audit(this.db, ctx, {
      action: 'driver.customerInformation',
      entity: 'driver',
      entityId: driverId,
      subjectOperatorId: driver.operatorId,
      summary: {
        report: body.report,
        clear: body.clear,
        requests: made.map((r) => ({ id: r.id, chargePointId: r.chargePointId, status: r.status })),
      },
    });
    return made;
  }

  async list(
    ctx: Ctx,
    driverId: number,
    index: number,
    size: number,
  ): Promise<Page<CustomerInformationRequest>> {
    await driverInScope(this.db, ctx, driverId);
    const { items, total } = await repo.pageOf(this.db, driverId, index * size, size);
    return { items, total, index, size };
  }

  /** The one charger asked for, in the caller's reach; or every connected one under the driver's operator. */
  private async targets(ctx: Ctx, operatorPath: string, chargePointId?: string): Promise<Target[]> {
    if (chargePointId) {
      const cp = await findInScope(this.db, ctx.actor, chargePointId);
      if (!cp) throw notFound('chargePoint');
      return [cp];
    }
    const all = await repo.connectedUnder(this.db, ctx.actor, operatorPath);
    if (all.length === 0) throw new AppError(409, 'customerInformation.noChargers');
    return all;
  }

  private async askOne(
    ctx: Ctx,
    driver: { id: number; operatorId: number },
    cp: Target,
    card: string,
    body: CustomerInformationBody,
  ): Promise<number> {
    const id = await repo.insertRequest(this.db, {
      driverId: driver.id,
      operatorId: driver.operatorId,
      chargePointId: cp.id,
      requestedBy: ctx.actor.userId,
      idToken: card,
      report: body.report,
      clear: body.clear,
    });
    // The card number is the idToken chargers saw (an RFID UID, ISO 14443, as Voltline issues them).
    const payload = {
      requestId: id,
      report: body.report,
      clear: body.clear,
      idToken: { idToken: card, type: 'ISO14443' },
    };
    const sent = await this.send(cp, 'CustomerInformation', payload, {
      logged: payload,
      userId: ctx.actor.userId,
    });
    const { status, error } = stateOf(sent, body.report);
    await repo.answered(this.db, id, status, error);
    return id;
  }
}

/** Whether a request's state is a refusal (shown red). */
export const isRefused = (status: CustomerInformationState) =>
  REFUSED_CUSTOMER_INFORMATION_STATES.includes(status);
