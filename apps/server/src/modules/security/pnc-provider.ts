import { z } from 'zod';

/**
 * Plug & Charge (ISO 15118) as Voltline asks it of a PKI and OCSP provider, whatever protocol the
 * charger speaks: an EV's contract certificate to install or update, a certificate's OCSP status,
 * and whether a contract certificate may authorize charging. Voltline holds no V2G or contract
 * PKI of its own; a provider (a mobility operator's or a clearing house's) does.
 */
export const HASH_ALGORITHMS = ['SHA256', 'SHA384', 'SHA512'] as const;
export const CONTRACT_STATUSES = [
  'Accepted',
  'SignatureError',
  'CertificateExpired',
  'CertificateRevoked',
  'NoCertificateAvailable',
  'CertChainError',
  'ContractCancelled',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export interface OcspData {
  hashAlgorithm: (typeof HASH_ALGORITHMS)[number];
  issuerNameHash: string;
  issuerKeyHash: string;
  serialNumber: string;
  responderURL: string;
}

export interface EvCertificateQuestion {
  chargePointId: string;
  action: 'Install' | 'Update';
  iso15118SchemaVersion: string;
  /** The EV's CertificateInstallationReq or CertificateUpdateReq, EXI, base64. */
  exiRequest: string;
}
export interface ContractQuestion {
  chargePointId: string;
  /** The contract id (eMAID) the EV presented. */
  idToken: string;
  /** The contract certificate chain, PEM, when the charger could not validate it itself. */
  certificate?: string | undefined;
  /** The chain's certificates by hash data, for an OCSP check. */
  hashData?: OcspData[] | undefined;
}

/** An answer, and why it is not the provider's own (no provider, unreachable, nonsense). */
type Why = { reason?: string };
export type EvCertificateAnswer = { status: 'Accepted' | 'Failed'; exiResponse: string } & Why;
export type OcspAnswer = { status: 'Accepted' | 'Failed'; ocspResult?: string } & Why;
export type ContractAnswer = { status: ContractStatus } & Why;

export interface PncProvider {
  getEvCertificate(q: EvCertificateQuestion): Promise<EvCertificateAnswer>;
  ocspStatus(q: OcspData & { chargePointId: string }): Promise<OcspAnswer>;
  verifyContract(q: ContractQuestion): Promise<ContractAnswer>;
}

export const NO_PROVIDER = 'no Plug & Charge provider configured';

/**
 * None configured: what OCPP 2.0.1 prescribes when the CSMS cannot get an answer. M01/M02: Failed
 * (an empty EXI response; the EV falls back to other means); M06: Failed, no OCSP result; C07: the
 * contract cannot be checked, NoCertificateAvailable (the token is then refused).
 */
export class NoPncProvider implements PncProvider {
  getEvCertificate(): Promise<EvCertificateAnswer> {
    return Promise.resolve({ status: 'Failed', exiResponse: '', reason: NO_PROVIDER });
  }
  ocspStatus(): Promise<OcspAnswer> {
    return Promise.resolve({ status: 'Failed', reason: NO_PROVIDER });
  }
  verifyContract(): Promise<ContractAnswer> {
    return Promise.resolve({ status: 'NoCertificateAvailable', reason: NO_PROVIDER });
  }
}

const EvAnswer = z.object({ status: z.enum(['Accepted', 'Failed']), exiResponse: z.string().max(5600) });
const OcspReply = z.object({
  status: z.enum(['Accepted', 'Failed']),
  ocspResult: z.string().max(5500).optional(),
});
const ContractReply = z.object({ status: z.enum(CONTRACT_STATUSES) });

export interface HttpPncOptions {
  url: string;
  token?: string | undefined;
  timeoutMs: number;
}

/**
 * A provider behind HTTP: `POST {url}/ev-certificate`, `/ocsp-status` and `/verify-contract` with the
 * question as JSON (and `Authorization: Bearer <token>` when given), each answering JSON of the
 * shape OCPP uses. A provider that does not answer in time, or answers otherwise, is treated as
 * none for that question, and the reason recorded.
 */
export class HttpPncProvider implements PncProvider {
  constructor(private readonly o: HttpPncOptions) {}

  private async ask<T>(
    path: string,
    body: unknown,
    shape: z.ZodType<T>,
  ): Promise<{ ok: T } | { reason: string }> {
    try {
      const res = await fetch(`${this.o.url.replace(/\/+$/, '')}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.o.token ? { authorization: `Bearer ${this.o.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
      if (!res.ok) return { reason: `Plug & Charge provider answered HTTP ${res.status}` };
      const parsed = shape.safeParse(await res.json());
      return parsed.success
        ? { ok: parsed.data }
        : { reason: 'Plug & Charge provider answered an unknown shape' };
    } catch (err) {
      const why =
        err instanceof Error && err.name === 'TimeoutError' ? 'did not answer in time' : 'is unreachable';
      return { reason: `Plug & Charge provider ${why}` };
    }
  }

  async getEvCertificate(q: EvCertificateQuestion): Promise<EvCertificateAnswer> {
    const a = await this.ask('ev-certificate', q, EvAnswer);
    return 'ok' in a ? a.ok : { status: 'Failed', exiResponse: '', reason: a.reason };
  }

  async ocspStatus(q: OcspData & { chargePointId: string }): Promise<OcspAnswer> {
    const a = await this.ask('ocsp-status', q, OcspReply);
    return 'ok' in a ? a.ok : { status: 'Failed', reason: a.reason };
  }

  async verifyContract(q: ContractQuestion): Promise<ContractAnswer> {
    const a = await this.ask('verify-contract', q, ContractReply);
    return 'ok' in a ? a.ok : { status: 'NoCertificateAvailable', reason: a.reason };
  }
}

/** The configured provider (PNC_PROVIDER_URL), or the answers for none. */
export function pncProvider(c: {
  PNC_PROVIDER_URL?: string | undefined;
  PNC_PROVIDER_TOKEN?: string | undefined;
  PNC_PROVIDER_TIMEOUT_SECONDS: number;
}): PncProvider {
  return c.PNC_PROVIDER_URL
    ? new HttpPncProvider({
        url: c.PNC_PROVIDER_URL,
        token: c.PNC_PROVIDER_TOKEN,
        timeoutMs: c.PNC_PROVIDER_TIMEOUT_SECONDS * 1000,
      })
    : new NoPncProvider();
}
