import type {
  AuthorizationRule,
  Credentials,
  CredentialsRole,
  Endpoint,
  Obj,
  OcpiCall,
  OcpiEmspOptions,
  Peer,
} from './types.js';
import { OCPI_VERSION } from './types.js';

/**
 * What the parts of the eMSP share: who it is, its URLs (below `base`, the server's /ocpi), the
 * tokens, the peer, what it received and what it saw wrong.
 */
export function createContext(options: OcpiEmspOptions, base: string) {
  const countryCode = options.countryCode ?? 'NL';
  const partyId = options.partyId ?? 'EMS';
  const name = options.name ?? 'Voltline test eMSP';
  const maxLimit = options.maxLimit ?? 50;
  const calls: OcpiCall[] = [];
  const problems: string[] = [];
  const problem = (p: string) => {
    if (!problems.includes(p)) problems.push(p);
  };

  /** Tokens A issued by this eMSP, accepted for versions and credentials only, until used. */
  const tokensA = new Set<string>();
  /** The token the peer uses to call this eMSP (B when it registered, C when the peer registered). */
  const accepted = new Set<string>();
  const locations = new Map<string, Obj>();
  const tariffs = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const cdrs = new Map<string, Obj>();
  const tokens: Obj[] = [];
  const authorizations = new Map<string, AuthorizationRule>();
  const commandResults = new Map<string, Obj>();
  const versionsUrl = `${base}/versions`;
  const detailsUrl = `${base}/${OCPI_VERSION}`;
  const moduleUrl = (m: string) => `${detailsUrl}/${m}`;

  const ownRoles = (): CredentialsRole[] => [
    { role: 'EMSP', business_details: { name }, party_id: partyId, country_code: countryCode },
  ];
  const ownCredentials = (token: string): Credentials => ({ token, url: versionsUrl, roles: ownRoles() });
  const endpoints: Endpoint[] = [
    // Versions module, Endpoint class: "It is advised to send SENDER as the InterfaceRole for one's
    // own credentials endpoint and to disregard the value of the role property [...] for other
    // platforms' credentials modules".
    { identifier: 'credentials', role: 'SENDER', url: moduleUrl('credentials') },
    { identifier: 'locations', role: 'RECEIVER', url: moduleUrl('locations') },
    { identifier: 'tariffs', role: 'RECEIVER', url: moduleUrl('tariffs') },
    { identifier: 'sessions', role: 'RECEIVER', url: moduleUrl('sessions') },
    { identifier: 'cdrs', role: 'RECEIVER', url: moduleUrl('cdrs') },
    { identifier: 'tokens', role: 'SENDER', url: moduleUrl('tokens') },
    { identifier: 'commands', role: 'SENDER', url: moduleUrl('commands') },
  ];

  return {
    countryCode,
    partyId,
    maxLimit,
    calls,
    problems,
    problem,
    tokensA,
    accepted,
    theirToken: null as string | null,
    peer: null as Peer | null,
    base,
    versionsUrl,
    detailsUrl,
    moduleUrl,
    ownCredentials,
    endpoints,
    locations,
    tariffs,
    sessions,
    cdrs,
    tokens,
    authorizations,
    commandResults,
  };
}

export type EmspContext = ReturnType<typeof createContext>;
