// The shapes of the OCPI 2.2.1 eMSP stand-in: its objects, envelope, calls and options.

export type Obj = Record<string, unknown>;

export const OCPI_VERSION = '2.2.1';

/** OCPI status codes (status_codes chapter). */
export const Status = {
  success: 1000,
  clientError: 2000,
  invalidParameters: 2001,
  notEnoughInformation: 2002,
  unknownLocation: 2003,
  unknownToken: 2004,
  serverError: 3000,
  unableToUseClientApi: 3001,
  unsupportedVersion: 3002,
  noMatchingEndpoints: 3003,
} as const;

export type Allowed = 'ALLOWED' | 'BLOCKED' | 'EXPIRED' | 'NO_CREDIT' | 'NOT_ALLOWED';
export type CommandType =
  'START_SESSION' | 'STOP_SESSION' | 'RESERVE_NOW' | 'CANCEL_RESERVATION' | 'UNLOCK_CONNECTOR';
export type ModuleId = 'credentials' | 'locations' | 'tariffs' | 'sessions' | 'cdrs' | 'tokens' | 'commands';
export interface Endpoint {
  identifier: string;
  role: 'SENDER' | 'RECEIVER';
  url: string;
}
export interface CredentialsRole {
  role: string;
  business_details: { name: string; website?: string };
  party_id: string;
  country_code: string;
}
export interface Credentials {
  token: string;
  url: string;
  roles: CredentialsRole[];
}
export interface Envelope<T = unknown> {
  data?: T;
  status_code: number;
  status_message?: string;
  timestamp: string;
}
export interface OcpiCall {
  direction: 'in' | 'out';
  method: string;
  url: string;
  /** The credentials token used, decoded from base64 (undefined when absent or unreadable). */
  token?: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  responseHeaders: Record<string, string | string[] | number | undefined>;
  response: unknown;
}
export interface OcpiEmspOptions {
  countryCode?: string;
  partyId?: string;
  name?: string;
  /** The most objects the tokens sender returns in one page (X-Limit); 50 unless told. */
  maxLimit?: number;
}
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  envelope: Envelope<T>;
}
export interface Peer {
  versionsUrl: string;
  endpoints: Endpoint[];
  roles: CredentialsRole[];
}
/** How the tokens sender answers a real-time authorization of one token. */
export interface AuthorizationRule {
  allowed: Allowed;
  delayMs?: number;
  info?: string;
  needsLocation?: boolean;
}
