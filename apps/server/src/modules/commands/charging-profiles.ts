import { and, eq, type SQL } from 'drizzle-orm';
import type { CommandBody } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { chargingProfiles } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';

/**
 * Keeps the charging profiles a charger accepted, so the portal can show what is in force
 * (`GET portal/Profile/{id}`): a set profile replaces the one with the same id, a clear removes
 * what it matches.
 */
export async function rememberProfiles(
  tx: Tx,
  ctx: Ctx,
  chargePointId: number,
  command: string,
  payload: object,
) {
  if (command === 'setChargingProfile') {
    const p = payload as Omit<CommandBody<'setChargingProfile'>, 'chargePointId'>;
    const profile = p.csChargingProfiles;
    const values = {
      chargePointId,
      connectorId: p.connectorId,
      profileId: profile.chargingProfileId,
      stackLevel: profile.stackLevel,
      purpose: profile.chargingProfilePurpose,
      kind: profile.chargingProfileKind,
      chargingRateUnit: profile.chargingSchedule.chargingRateUnit,
      profile: profile as unknown as Record<string, unknown>,
      setBy: ctx.actor.userId,
    };
    await tx
      .insert(chargingProfiles)
      .values(values)
      .onConflictDoUpdate({
        target: [chargingProfiles.chargePointId, chargingProfiles.profileId],
        set: values,
      });
  } else if (command === 'clearChargingProfile') {
    const p = payload as Omit<CommandBody<'clearChargingProfile'>, 'chargePointId'>;
    const conditions: (SQL | undefined)[] = [
      eq(chargingProfiles.chargePointId, chargePointId),
      p.id === undefined ? undefined : eq(chargingProfiles.profileId, p.id),
      p.connectorId === undefined ? undefined : eq(chargingProfiles.connectorId, p.connectorId),
      p.chargingProfilePurpose === undefined
        ? undefined
        : eq(chargingProfiles.purpose, p.chargingProfilePurpose),
      p.stackLevel === undefined ? undefined : eq(chargingProfiles.stackLevel, p.stackLevel),
    ];
    await tx.delete(chargingProfiles).where(and(...conditions));
  }
}
