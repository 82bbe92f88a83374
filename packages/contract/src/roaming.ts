import { z } from 'zod';
import { Text } from './common.js';

/**
 * Roaming (issue #31): Voltline as an OCPI 2.2.1 charge point operator (CPO). Partners are eMSPs
 * (or hubs) whose drivers charge on the charge points an operator publishes to them. The OCPI
 * interface itself lives outside `/api`, at `/ocpi/versions`; these are the portal's routes
 * (relative to `/api/`).
 */
export const ROAMING_API = {
  /** GET: partners in reach; their tokens are never shown. */
  partners: 'portal/Roaming/partners',
  /** GET one partner; PUT its name, publication and tariff choice. */
  byId: (id: number | string) => `portal/Roaming/partners/${id}`,
  /**
   * POST: a partner that will register with Voltline. The answer carries token A and Voltline's
   * versions URL, the only time token A is shown; the partner uses it once, in its credentials POST.
   */
  invite: 'portal/Roaming/partners/invite',
  /** POST: Voltline registers with a partner given its versions URL and its token A. */
  register: 'portal/Roaming/partners/register',
  /** POST: fetch the partner's versions again and exchange new tokens (credentials PUT). */
  refresh: (id: number | string) => `portal/Roaming/partners/${id}/refresh`,
  /** POST: end the partnership: credentials DELETE at the partner (when reachable), tokens void. */
  unregister: (id: number | string) => `portal/Roaming/partners/${id}/unregister`,
  /** POST: read the partner's tokens now (OCPI Tokens GET, the changes since the last read). */
  fetchTokens: (id: number | string) => `portal/Roaming/partners/${id}/fetch-tokens`,
  /** GET: the last answers given at chargers about the partner's tokens, newest first. */
  authorizations: (id: number | string) => `portal/Roaming/partners/${id}/authorizations`,
  /** GET: Voltline's own OCPI identity (versions URL, country code, party id). */
  identity: 'portal/Roaming/identity',
  /** GET: whether one charge point is published (open data, partners) and what keeps it from being. */
  chargePoint: (id: number | string) => `portal/Roaming/chargePoints/${id}`,
} as const;

/** The OCPI version Voltline speaks. */
export const OCPI_VERSION = '2.2.1';

export const OCPI_ROLES = ['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP'] as const;
export const OcpiRole = z.enum(OCPI_ROLES);
export type OcpiRole = z.infer<typeof OcpiRole>;

/**
 * invited: token A was made, the partner has not registered yet; registered: tokens exchanged,
 * the partner may call and is called; unregistered: ended by either side, its tokens are void.
 */
export const ROAMING_PARTNER_STATES = ['invited', 'registered', 'unregistered'] as const;
export const RoamingPartnerState = z.enum(ROAMING_PARTNER_STATES);
export type RoamingPartnerState = z.infer<typeof RoamingPartnerState>;

/** Who started the handshake: the partner with Voltline's token A, or Voltline with the partner's. */
export const ROAMING_DIRECTIONS = ['inbound', 'outbound'] as const;
export const RoamingDirection = z.enum(ROAMING_DIRECTIONS);

/** One role the partner's credentials declare (a hub declares several parties). */
export const RoamingPartyRole = z.object({
  role: OcpiRole,
  countryCode: z.string(),
  partyId: z.string(),
  name: z.string().nullable(),
  website: z.string().nullable(),
});
export type RoamingPartyRole = z.infer<typeof RoamingPartyRole>;

/** A module of the partner's version details: where Voltline calls it. */
export const RoamingModule = z.object({
  identifier: z.string(),
  role: z.string().nullable(),
  url: z.string(),
});
export type RoamingModule = z.infer<typeof RoamingModule>;

/** A failed exchange with the partner, in words, kept for its page (the latest first). */
export const RoamingError = z.object({ at: z.string(), message: z.string() });
export type RoamingError = z.infer<typeof RoamingError>;

/** A party connected to a hub partner, as the hub reports it (OCPI hubclientinfo). */
export const HUB_CLIENT_STATES = ['CONNECTED', 'OFFLINE', 'PLANNED', 'SUSPENDED'] as const;
export const RoamingHubClient = z.object({
  countryCode: z.string(),
  partyId: z.string(),
  role: OcpiRole,
  status: z.enum(HUB_CLIENT_STATES),
  lastUpdated: z.string(),
});
export type RoamingHubClient = z.infer<typeof RoamingHubClient>;

export const RoamingPartner = z.object({
  id: z.number().int(),
  /** The operator the partnership belongs to: staff of it (and above) manage it. */
  operatorId: z.number().int(),
  operatorName: z.string(),
  name: z.string(),
  /** The partner's own party (the first of its roles); null until it registered. */
  countryCode: z.string().nullable(),
  partyId: z.string().nullable(),
  role: OcpiRole.nullable(),
  roles: z.array(RoamingPartyRole),
  state: RoamingPartnerState,
  direction: RoamingDirection,
  versionsUrl: z.string().nullable(),
  version: z.string().nullable(),
  modules: z.array(RoamingModule),
  /** Operators whose charge points (with those of their sub-operators) the partner sees. */
  publishedOperators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The tariff the partner is shown for every published connector; null: each connector's own. */
  tariffId: z.number().int().nullable(),
  tariffName: z.string().nullable(),
  /** Until when an invited partner's token A works. */
  tokenAExpiresAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastErrors: z.array(RoamingError),
  /** For a hub: the parties connected to it, as it last reported them. */
  hubClients: z.array(RoamingHubClient),
  /**
   * The partner's tokens Voltline holds (OCPI Tokens, pushed or pulled): how many, when the last
   * one was received, when they were last read from the partner (null: never).
   */
  tokens: z.object({
    count: z.number().int(),
    lastReceivedAt: z.string().nullable(),
    pulledAt: z.string().nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoamingPartner = z.infer<typeof RoamingPartner>;

const partnerFields = {
  name: Text(100),
  publishedOperatorIds: z.array(z.number().int().positive()).max(200),
  tariffId: z.number().int().positive().nullable(),
};

export const InviteRoamingPartnerBody = z.object({
  operatorId: z.number().int().positive(),
  ...partnerFields,
  publishedOperatorIds: partnerFields.publishedOperatorIds.default([]),
  tariffId: partnerFields.tariffId.default(null),
});
export type InviteRoamingPartnerBody = z.input<typeof InviteRoamingPartnerBody>;

/** Token A of an invitation, with the versions URL the partner registers at: shown once. */
export const RoamingInvitation = z.object({
  partner: RoamingPartner,
  tokenA: z.string(),
  versionsUrl: z.string(),
});
export type RoamingInvitation = z.infer<typeof RoamingInvitation>;

export const RegisterRoamingPartnerBody = InviteRoamingPartnerBody.extend({
  versionsUrl: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/ })),
  /** The token A the partner gave Voltline, as the partner wrote it. */
  tokenA: Text(255),
});
export type RegisterRoamingPartnerBody = z.input<typeof RegisterRoamingPartnerBody>;

export const UpdateRoamingPartnerBody = z.object(partnerFields).partial();
export type UpdateRoamingPartnerBody = z.input<typeof UpdateRoamingPartnerBody>;

export const RoamingIdentity = z.object({
  versionsUrl: z.string(),
  countryCode: z.string(),
  partyId: z.string(),
  version: z.string(),
});
export type RoamingIdentity = z.infer<typeof RoamingIdentity>;

/** Why a charge point is not published, even to a partner its operator is published to. */
export const CHARGE_POINT_UNPUBLISHED_REASONS = ['notAccepted', 'archived', 'noCoordinates'] as const;
export const ChargePointUnpublishedReason = z.enum(CHARGE_POINT_UNPUBLISHED_REASONS);
export type ChargePointUnpublishedReason = z.infer<typeof ChargePointUnpublishedReason>;

/**
 * Whether a charge point is published and to whom: open data when its operator (or one above it)
 * publishes it; the partners in the reader's reach whose published operators include its operator
 * (or one above it), invited or registered. `missing` lists what keeps the charge point itself from
 * being published; while it is not empty, nobody is sent it, whatever was chosen.
 */
export const ChargePointPublication = z.object({
  openData: z.boolean(),
  missing: z.array(ChargePointUnpublishedReason),
  partners: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      state: RoamingPartnerState,
      countryCode: z.string().nullable(),
      partyId: z.string().nullable(),
      /** The partner's chosen tariff; null: each connector's own. */
      tariffName: z.string().nullable(),
    }),
  ),
});
export type ChargePointPublication = z.infer<typeof ChargePointPublication>;

/**
 * Where an answer about a roaming token came from: the cached token alone (`whitelist`), the eMSP
 * asked in real time (`realtime`), or the eMSP's own START_SESSION / RESERVE_NOW (`command`).
 */
export const ROAMING_AUTHORIZATION_SOURCES = ['whitelist', 'realtime', 'command'] as const;
export const RoamingAuthorizationSource = z.enum(ROAMING_AUTHORIZATION_SOURCES);
export type RoamingAuthorizationSource = z.infer<typeof RoamingAuthorizationSource>;

/** The eMSP's answer (OCPI AllowedType), or UNKNOWN (no such token) / UNREACHABLE (no answer in time). */
export const ROAMING_ALLOWED = [
  'ALLOWED',
  'BLOCKED',
  'EXPIRED',
  'NO_CREDIT',
  'NOT_ALLOWED',
  'UNKNOWN',
  'UNREACHABLE',
] as const;
export type RoamingAllowed = (typeof ROAMING_ALLOWED)[number];

/** What the charger was told (OCPP AuthorizationStatus). */
export const ROAMING_VERDICTS = [
  'Accepted',
  'Blocked',
  'ConcurrentTx',
  'Expired',
  'Invalid',
  'NoCredit',
  'Unknown',
] as const;
export type RoamingVerdict = (typeof ROAMING_VERDICTS)[number];

/** One answer given at a charger about a partner's token, as the partner's page lists it. */
export const RoamingAuthorization = z.object({
  id: z.number().int(),
  at: z.string(),
  tokenUid: z.string(),
  tokenType: z.string(),
  chargePointId: z.number().int(),
  /** The charge point's OCPP identity and name; null when it no longer exists. */
  chargePointIdentity: z.string().nullable(),
  chargePointName: z.string().nullable(),
  evseUid: z.string().nullable(),
  source: RoamingAuthorizationSource,
  /** A value of ROAMING_ALLOWED (kept a string: an unforeseen value is shown as it is). */
  allowed: z.string(),
  /** A value of ROAMING_VERDICTS. */
  verdict: z.string(),
  authorizationReference: z.string().nullable(),
  /** The eMSP's display text, or why it could not be asked. */
  info: z.string().nullable(),
  /** The charging session the answer started, once one did. */
  sessionId: z.number().int().nullable(),
});
export type RoamingAuthorization = z.infer<typeof RoamingAuthorization>;
