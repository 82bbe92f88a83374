import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { RoamingInbound } from './roaming.inbound.js';
import { RoamingService, type RoamingSettings } from './roaming.service.js';

/** Roaming's services from the configuration: the portal's side and the OCPI credentials module. */
export function createRoaming(db: Db, clock: Clock, config: Config) {
  const settings: RoamingSettings = {
    own: {
      countryCode: config.OCPI_COUNTRY_CODE,
      partyId: config.OCPI_PARTY_ID,
      name: config.OCPI_BUSINESS_NAME,
      versionsUrl: `${config.PUBLIC_URL}/ocpi/versions`,
      website: config.PUBLIC_URL,
    },
    call: { timeoutMs: config.OCPI_TIMEOUT_SECONDS * 1000, allowPrivate: config.OCPI_ALLOW_PRIVATE },
    tokenADays: config.OCPI_TOKEN_A_DAYS,
  };
  const roaming = new RoamingService(db, clock, settings);
  return {
    roaming,
    roamingInbound: new RoamingInbound(db, clock, settings, roaming),
    roamingSettings: settings,
  };
}
