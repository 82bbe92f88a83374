import type { Ocpp201 } from '@voltline/contract';
import type { Handlers201 } from './commands.js';

type Profile = Ocpp201.ReportChargingProfilesRequest['chargingProfile'][number];

/**
 * Reservations (H01-H04) and smart charging (K01, K08-K10) as a 2.0.1 station plays them, with the
 * refused-profiles misbehaviour of the 1.6 chargers (`rejectChargingProfiles`).
 */
export const smartCommands: Handlers201 = {
  ReserveNow: (s, p) => ({ status: s.reservations.reserve(p) }),

  CancelReservation: (s, p) => ({ status: s.reservations.cancel(p.reservationId) }),

  SetChargingProfile: (s, p) => {
    if (s.options.rejectChargingProfiles || !s.model.getBool('SmartChargingCtrlr', 'Enabled'))
      return { status: 'Rejected' };
    const e = p.evseId === 0 ? undefined : s.evse(p.evseId);
    const status = s.profiles.set(p.evseId, e, p.chargingProfile);
    // The new limit applies from now: the power of a running transaction follows at once.
    if (status === 'Accepted') s.later(0, () => s.sessions.limitChanged());
    return { status };
  },

  ClearChargingProfile: (s, p) => {
    const status = s.profiles.clear(p);
    if (status === 'Accepted') s.later(0, () => s.sessions.limitChanged());
    return { status };
  },

  GetCompositeSchedule: (s, p) => {
    const e = p.evseId === 0 ? undefined : s.evse(p.evseId);
    if (p.evseId !== 0 && !e) return { status: 'Rejected' };
    const schedule = s.profiles.composite(
      e,
      p.evseId,
      p.duration,
      p.chargingRateUnit ?? 'W',
      s.now(),
      s.options.maxPower,
    );
    return { status: 'Accepted', schedule };
  },

  GetChargingProfiles: (s, p) => {
    // The CSMS's own profiles (source CSO), then the external systems' (K12), each with its source.
    const parts: { evseId: number; source: 'CSO' | 'EMS' | 'SO' | 'Other'; profiles: Profile[] }[] = [];
    for (const [evseId, profiles] of s.profiles.matching(p.evseId, p.chargingProfile))
      parts.push({ evseId, source: 'CSO', profiles });
    for (const l of s.external.held(p.evseId, p.chargingProfile))
      parts.push({ evseId: l.evseId, source: l.source, profiles: [l.profile] });
    if (parts.length === 0) return { status: 'NoProfiles' };
    // One ReportChargingProfiles per EVSE and source, after the answer; tbc on all but the last.
    s.later(0, () => {
      void (async () => {
        for (const [i, part] of parts.entries()) {
          await s
            .send('ReportChargingProfiles', {
              requestId: p.requestId,
              chargingLimitSource: part.source,
              evseId: part.evseId,
              chargingProfile: part.profiles,
              tbc: i < parts.length - 1,
            })
            .catch(() => undefined);
        }
      })();
    });
    return { status: 'Accepted' };
  },
};
