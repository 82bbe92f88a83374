import { OCPI_ROLES, OCPI_VERSION, type RoamingModule, type RoamingPartyRole } from '@voltline/contract';
import { z } from 'zod';
import { ocpiCall, PartnerCallError } from './client.js';

/** Voltline's own party and where partners find it. */
export interface OwnParty {
  countryCode: string;
  partyId: string;
  name: string;
  /** The absolute URL of `/ocpi/versions`. */
  versionsUrl: string;
  website: string;
}

export interface CallOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

const Printable = z.string().regex(/^[\x21-\x7e]{1,64}$/, 'a token of 1 to 64 printable characters');

/** The credentials object (7.3.1), as a partner sends it. */
export const CredentialsObject = z.object({
  token: Printable,
  url: z.url({ protocol: /^https?$/ }),
  roles: z
    .array(
      z.object({
        role: z.enum(OCPI_ROLES),
        business_details: z.object({
          name: z.string().min(1).max(100),
          website: z.string().max(255).nullish(),
        }),
        party_id: z.string().regex(/^[A-Za-z0-9]{3}$/, 'three letters or digits'),
        country_code: z.string().regex(/^[A-Za-z]{2}$/, 'two letters'),
      }),
    )
    .min(1),
});
export type CredentialsObject = z.infer<typeof CredentialsObject>;

/** The partner's roles as the portal shows them (country code and party id upper case: CiString). */
export function partyRoles(credentials: CredentialsObject): RoamingPartyRole[] {
  return credentials.roles.map((r) => ({
    role: r.role,
    countryCode: r.country_code.toUpperCase(),
    partyId: r.party_id.toUpperCase(),
    name: r.business_details.name,
    website: r.business_details.website ?? null,
  }));
}

/** Voltline's credentials object for a partner: the token it is to call with, and Voltline's CPO role. */
export function ownCredentials(own: OwnParty, token: string) {
  return {
    token,
    url: own.versionsUrl,
    roles: [
      {
        role: 'CPO',
        party_id: own.partyId,
        country_code: own.countryCode,
        business_details: { name: own.name, website: own.website },
      },
    ],
  };
}

const VersionList = z.array(z.object({ version: z.string(), url: z.string() }));
const VersionDetails = z.object({
  version: z.string(),
  endpoints: z.array(z.object({ identifier: z.string(), role: z.string().nullish(), url: z.string() })),
});

/**
 * A partner's 2.2.1 endpoints, read from its versions URL with the given token (7.1.1): the
 * version list, the 2.2.1 entry, its details. No 2.2.1: a refusal naming what the partner offers.
 */
export async function discover(
  versionsUrl: string,
  token: string,
  opts: CallOptions,
): Promise<{ version: string; endpoints: RoamingModule[] }> {
  const list = await ocpiCall({ method: 'GET', url: versionsUrl, token }, opts);
  const versions = VersionList.safeParse(list.data);
  if (!versions.success) throw new PartnerCallError('roaming.notOcpi', { url: versionsUrl });
  const entry = versions.data.find((v) => v.version === OCPI_VERSION);
  if (!entry) {
    const offered = versions.data.map((v) => v.version).join(', ') || '-';
    throw new PartnerCallError('roaming.noCommonVersion', { offered });
  }
  const details = await ocpiCall({ method: 'GET', url: entry.url, token }, opts);
  const parsed = VersionDetails.safeParse(details.data);
  if (!parsed.success) throw new PartnerCallError('roaming.notOcpi', { url: entry.url });
  return {
    version: OCPI_VERSION,
    endpoints: parsed.data.endpoints.map((e) => ({
      identifier: e.identifier,
      role: e.role ?? null,
      url: e.url,
    })),
  };
}

/** The URL of a partner's module (for a role, when it lists the module for both). */
export function moduleUrl(endpoints: RoamingModule[], identifier: string, role?: string): string | null {
  const found =
    endpoints.find((e) => e.identifier === identifier && (role === undefined || e.role === role)) ??
    endpoints.find((e) => e.identifier === identifier);
  return found?.url ?? null;
}
