import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { RoamingCatalog } from './catalog.js';
import { RoamingCommands, type ChargerCommands } from './commands/commands.receiver.js';
import { OpenDataService } from './open-data.service.js';
import { ChargePointPublicationService } from './publication.service.js';
import { RoamingPusher } from './push/pusher.js';
import { RoamingInbound } from './roaming.inbound.js';
import { PartnerRenewal } from './roaming.renewal.js';
import { RoamingService, type RoamingSettings } from './roaming.service.js';
import { sessionSenders } from './session-senders.js';
import { createRealtimeAuthorization } from './tokens/authorize.js';
import { TokensReceiver } from './tokens/tokens.receiver.js';
import { TokensPull } from './tokens/pull.js';

/**
 * Roaming's services from the configuration: the portal's side, the OCPI modules, the pushes,
 * open data, what a charge point's page shows of its publication, and partners' commands to
 * chargers (through the command gateway: `chargers`).
 */
export function createRoaming(
  db: Db,
  clock: Clock,
  config: Config,
  log: FastifyBaseLogger,
  chargers: ChargerCommands,
) {
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
  const catalog = new RoamingCatalog(db, settings.own);
  const roamingPusher = new RoamingPusher({
    db,
    clock,
    log,
    own: settings.own,
    call: settings.call,
    catalog,
    recordError: (id, err) => roaming.recordError(id, err),
  });
  return {
    roaming,
    roamingInbound: new RoamingInbound(db, clock, settings, roaming),
    roamingRenewal: new PartnerRenewal(db, clock, settings, roaming),
    roamingSettings: settings,
    roamingSenders: [catalog.locations(), catalog.tariffs(), ...sessionSenders(db, clock, settings.own)],
    roamingPusher,
    roamingTokens: new TokensReceiver(db),
    roamingTokensPull: new TokensPull({ db, clock, log, own: settings.own, call: settings.call, roaming }),
    /** Handed to the OCPP side (drivers.ocpp.ts RoamingRealtime) in services.ts. */
    roamingRealtime: createRealtimeAuthorization({
      db,
      own: { countryCode: settings.own.countryCode, partyId: settings.own.partyId },
      call: {
        timeoutMs: config.OCPI_AUTHORIZE_TIMEOUT_SECONDS * 1000,
        allowPrivate: config.OCPI_ALLOW_PRIVATE,
      },
    }),
    roamingCommands: new RoamingCommands({
      db,
      log,
      own: settings.own,
      call: settings.call,
      chargers,
      chargerTimeoutSeconds: config.OCPP_CALL_TIMEOUT_SECONDS,
    }),
    openData: new OpenDataService(
      db,
      { countryCode: settings.own.countryCode, partyId: settings.own.partyId },
      config.PUBLIC_URL,
      config.OPEN_DATA_RATE_LIMIT_PER_MINUTE,
    ),
    chargePointPublication: new ChargePointPublicationService(db),
  };
}
