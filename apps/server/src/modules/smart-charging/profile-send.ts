import type { AllocationState, ChargingRateUnit } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboundAction } from '../../ocpp/gateway.js';
import * as repo from './smart-charging.repository.js';

type Payload = Record<string, unknown>;
export type SendResult =
  | { ok: true; answer: Payload }
  | { ok: false; outcome: 'callError' | 'timedOut' | 'offline'; error: string | null };
/** Sends a CALL as a recorded command (the OCPP log and command history show it). */
export type Send = (
  cp: { id: number; chargePointId: string },
  action: OutboundAction,
  payload: Payload,
) => Promise<SendResult>;

/** The stack level Voltline's balancer owns on every member charger; a user's own profiles should use another. */
export const STACK_LEVEL = 5;
/** Stable chargingProfileIds per connector and purpose, so a new limit replaces the old one. */
export const profileIdOf = (purpose: Purpose, connectorId: number) =>
  (purpose === 'TxProfile' ? 917_100 : 917_000) + connectorId;
export type Purpose = 'TxProfile' | 'TxDefaultProfile';

export interface Planned {
  cp: repo.MemberCharger;
  connectorId: number;
  purpose: Purpose;
  transactionId: number | null;
  limit: number;
  /** What the connector may draw before this send. */
  before: number;
  /**
   * Since when the session has had at least this limit: a decrease keeps it, so a car measured
   * under its old limit is not given that limit back while the lower one settles.
   */
  settledSince?: Date;
}

/**
 * Sends one connector its limit as a SetChargingProfile and records what the charger answered: the
 * allocation's state, and the profile itself once accepted.
 */
export async function sendProfile(
  o: { db: Db; clock: Clock; send: Send },
  groupId: number,
  phases: number,
  unit: ChargingRateUnit,
  p: Planned,
): Promise<boolean> {
  const profileId = profileIdOf(p.purpose, p.connectorId);
  const limit = unit === 'A' ? Math.round(p.limit * 10) / 10 : Math.round(p.limit);
  const payload = {
    connectorId: p.connectorId,
    csChargingProfiles: {
      chargingProfileId: profileId,
      ...(p.transactionId !== null ? { transactionId: p.transactionId } : {}),
      stackLevel: STACK_LEVEL,
      chargingProfilePurpose: p.purpose,
      chargingProfileKind: 'Relative',
      chargingSchedule: {
        chargingRateUnit: unit,
        chargingSchedulePeriod: [
          { startPeriod: 0, limit, ...(unit === 'A' ? { numberPhases: phases } : {}) },
        ],
      },
    },
  };
  const key = { groupId, chargePointId: p.cp.id, connectorId: p.connectorId };
  const sentAt = o.clock.now();
  await repo.upsertAllocation(o.db, {
    ...key,
    state: 'pending',
    detail: null,
    sentAt: p.settledSince ?? sentAt,
    profileId,
    limit,
    purpose: p.purpose,
    transactionId: p.transactionId,
  });
  const r = await o.send(p.cp, 'SetChargingProfile', payload);
  let state: AllocationState;
  let detail: string | null;
  if (r.ok) {
    const status = typeof r.answer.status === 'string' ? r.answer.status : 'Rejected';
    state = status === 'Accepted' ? 'Accepted' : status === 'NotSupported' ? 'NotSupported' : 'Rejected';
    detail = status;
  } else {
    state =
      r.outcome === 'offline'
        ? 'offline'
        : r.outcome === 'callError' && /NotImplemented|NotSupported/i.test(r.error ?? '')
          ? 'NotSupported'
          : 'failed';
    detail = r.error ?? r.outcome;
  }
  if (state === 'Accepted') {
    await repo.rememberProfile(o.db, {
      chargePointId: p.cp.id,
      connectorId: p.connectorId,
      profile: payload.csChargingProfiles,
    });
  }
  await repo.upsertAllocation(o.db, {
    ...key,
    state,
    detail,
    // A refusal is retried counting from now, whatever the settling kept.
    ...(state === 'Accepted' ? {} : { sentAt }),
    ...(state === 'Accepted' && p.purpose === 'TxDefaultProfile' ? { defaultLimit: limit } : {}),
  });
  return state === 'Accepted';
}
