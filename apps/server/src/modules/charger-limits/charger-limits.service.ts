import { randomInt } from 'node:crypto';
import {
  reportsChargingProfiles,
  type ChargerLimits,
  type LimitPeriod,
  type Ocpp201,
  type ProfileReportAsked,
  type ProfileReportBody,
  type ReportedProfile,
  type ReportedProfiles,
} from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import type { CommandsService } from '../commands/commands.service.js';
import { sentFailure } from '../commands/sent-failure.js';
import * as repo from './charger-limits.repository.js';
import { limitInForce } from './limit-now.js';

type Charger = NonNullable<Awaited<ReturnType<typeof repo.chargerInScope>>>;

/**
 * What a charge point says of its limits, for staff: the profiles it holds (K09, asked for and read
 * back), limits external systems set on it (K12, K13) and what cars asked for (K15–K17).
 */
export class ChargerLimitsService {
  constructor(
    private readonly db: Db,
    private readonly gateway: { isConnected(chargePointId: string): Promise<boolean> },
    private readonly commands: Pick<CommandsService, 'sendRecorded'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * K09: GetChargingProfiles with the criteria given, recorded as a command and audited. Accepted:
   * the report follows. NoProfiles: the charger holds none that match, which is its report.
   */
  async askReport(ctx: Ctx, id: number, body: ProfileReportBody): Promise<ProfileReportAsked> {
    const cp = await this.charger(ctx, id);
    if (!reportsChargingProfiles(cp.ocppProtocol))
      throw new AppError(409, 'chargerLimits.notReported', { chargePointId: cp.chargePointId });
    if (!(await this.gateway.isConnected(cp.chargePointId)))
      throw new AppError(409, 'ocpp.offline', { chargePointId: cp.chargePointId });
    const requestId = randomInt(1, 2 ** 31 - 1);
    const criterion: Ocpp201.GetChargingProfilesRequest['chargingProfile'] = {};
    if (body.purpose) criterion.chargingProfilePurpose = body.purpose;
    if (body.stackLevel !== undefined) criterion.stackLevel = body.stackLevel;
    if (body.sources && body.sources.length > 0) criterion.chargingLimitSource = body.sources;
    const payload: Ocpp201.GetChargingProfilesRequest = {
      requestId,
      chargingProfile: criterion,
      ...(body.evseId !== undefined ? { evseId: body.evseId } : {}),
    };
    await repo.insertReport(this.db, cp.id, requestId, body);
    const sent = await this.commands.sendRecorded(cp, 'GetChargingProfiles', payload, {
      logged: payload,
      userId: ctx.actor.userId,
    });
    const status = sent.ok ? String(sent.answer.status) : null;
    await audit(this.db, ctx, {
      action: 'chargerLimits.report',
      entity: 'chargePoint',
      entityId: cp.chargePointId,
      summary: { requestId, request: payload, answer: status ?? (sent.ok ? null : sent.outcome) },
    });
    if (status === 'Accepted' || status === 'NoProfiles')
      await repo.answerReport(this.db, cp.id, requestId, status);
    else await repo.dropReport(this.db, cp.id, requestId);
    if (status === 'NoProfiles') await repo.completeReport(this.db, cp.id, requestId, this.clock.now());
    if (!sent.ok) throw sentFailure(cp.chargePointId, 'GetChargingProfiles', sent);
    return { requestId, status: status ?? 'Rejected' };
  }

  /** K09: the charger's last whole report; readable while it is offline. */
  async reported(ctx: Ctx, id: number): Promise<ReportedProfiles> {
    const cp = await this.charger(ctx, id);
    // Awaited first: a report completing between the reads shows as awaited, not as done and old.
    const awaitingReport = await repo.awaitingReport(this.db, cp.id);
    const last = await repo.lastCompleteReport(this.db, cp.id);
    const rows = last ? await repo.profilesOf(this.db, cp.id, last.requestId) : [];
    return {
      reportedAt: last?.completedAt?.toISOString() ?? null,
      status: last?.status ?? null,
      criteria: (last?.criteria as ProfileReportBody | null) ?? null,
      awaitingReport,
      profiles: rows.map((r) => r.profile as ReportedProfile),
    };
  }

  /** K12/K13 and K15/K17: the external limits in force and what the cars asked for. */
  async limits(ctx: Ctx, id: number): Promise<ChargerLimits> {
    const cp = await this.charger(ctx, id);
    const now = this.clock.now();
    const [limits, stored] = await Promise.all([
      repo.limitsOf(this.db, [cp.id]),
      repo.needsOf(this.db, [cp.id]),
    ]);
    // A car's needs are shown while its session runs: those of a session that ended are history.
    const needs: typeof stored = [];
    for (const n of stored)
      if (n.sessionId === null || (await repo.activeSession(this.db, cp.id, n.evseId)) === n.sessionId)
        needs.push(n);
    return {
      externalLimits: limits.map((l) => {
        const periods = l.periods as LimitPeriod[];
        const p = limitInForce(l.startSchedule ?? l.since, periods, now);
        return {
          evseId: l.evseId,
          source: l.source,
          gridCritical: l.gridCritical,
          unit: l.unit,
          limitNow: p?.limit ?? null,
          periods,
          since: l.since.toISOString(),
        };
      }),
      evNeeds: needs.map((n) => {
        const carNeeds = n.needs as Omit<
          ChargerLimits['evNeeds'][number],
          'evseId' | 'sessionId' | 'answer' | 'receivedAt' | 'schedule'
        >;
        const schedule = n.schedule as { unit: string; periods: LimitPeriod[] } | null;
        return {
          evseId: n.evseId,
          sessionId: n.sessionId,
          energyTransfer: carNeeds.energyTransfer,
          departureTime: carNeeds.departureTime ?? null,
          requestedEnergyWh: carNeeds.requestedEnergyWh ?? null,
          maxCurrentA: carNeeds.maxCurrentA ?? null,
          minCurrentA: carNeeds.minCurrentA ?? null,
          maxVoltage: carNeeds.maxVoltage ?? null,
          maxPowerW: carNeeds.maxPowerW ?? null,
          stateOfCharge: carNeeds.stateOfCharge ?? null,
          answer: n.answer,
          receivedAt: n.receivedAt.toISOString(),
          schedule:
            schedule && n.scheduleAt
              ? { unit: schedule.unit, periods: schedule.periods, at: n.scheduleAt.toISOString() }
              : null,
        };
      }),
    };
  }

  private async charger(ctx: Ctx, id: number): Promise<Charger> {
    const cp = await repo.chargerInScope(this.db, ctx.actor, id);
    if (!cp) throw notFound('chargePoint');
    return cp;
  }
}
