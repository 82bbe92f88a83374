import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId } from '../../rpc-error.js';
import { checkEvse, reportedProfileOf } from '../charger-limits.js';

/**
 * K09: one part of the report of the profiles a charger holds, answering a GetChargingProfiles.
 * Parts are kept by requestId; the last one (tbc false, K09.FR.02) makes the report whole and it
 * replaces what the charger reported before. Kept before the answer, so a part the database could
 * not keep gets a CALLERROR and is sent again.
 */
export const reportChargingProfiles: Handler<
  Ocpp201.ReportChargingProfilesRequest,
  Ocpp201.ReportChargingProfilesResponse
> = async (p, ctx) => {
  checkId('requestId', p.requestId);
  checkEvse(p.evseId);
  for (const profile of p.chargingProfile) {
    checkId('chargingProfile.id', profile.id);
    checkId('chargingProfile.stackLevel', profile.stackLevel);
  }
  if (!ctx.chargerLimits) {
    ctx.log.warn(
      { requestId: p.requestId },
      'ReportChargingProfiles received but no charger limits service is wired',
    );
    return {};
  }
  await ctx.chargerLimits.profilesReported(ctx.cp, {
    requestId: p.requestId,
    tbc: p.tbc ?? false,
    evseId: p.evseId,
    source: p.chargingLimitSource,
    profiles: p.chargingProfile.map((profile) => reportedProfileOf(profile, p.evseId, p.chargingLimitSource)),
  });
  return {};
};
