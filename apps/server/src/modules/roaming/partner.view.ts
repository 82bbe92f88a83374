import type { Locale, OcpiRole, RoamingPartner, RoamingPartnerState } from '@voltline/contract';
import { translate, type MessageKey } from '../../lib/messages.js';
import type * as repo from './roaming.repository.js';

/** A partner as the portal shows it: its last errors in the reader's language, published operators by name. */
export function partnerView(
  p: repo.PartnerView,
  names: Map<number, { name: string }>,
  locale: Locale,
): RoamingPartner {
  return {
    id: p.id,
    operatorId: p.operatorId,
    operatorName: p.operatorName,
    name: p.name,
    countryCode: p.countryCode,
    partyId: p.partyId,
    role: (p.role as OcpiRole | null) ?? null,
    roles: p.roles,
    state: p.state as RoamingPartnerState,
    direction: p.direction as 'inbound' | 'outbound',
    versionsUrl: p.versionsUrl,
    version: p.version,
    modules: p.endpoints,
    publishedOperators: p.publishedOperatorIds.map((id) => ({ id, name: names.get(id)?.name ?? `#${id}` })),
    tariffId: p.tariffId,
    tariffName: p.tariffName,
    tokenAExpiresAt: p.state === 'invited' ? (p.tokenAExpiresAt?.toISOString() ?? null) : null,
    lastSuccessAt: p.lastSuccessAt?.toISOString() ?? null,
    lastErrors: p.lastErrors.map((e) => ({
      at: e.at,
      message: translate(locale, e.key as MessageKey, e.params),
    })),
    hubClients: p.hubClients,
    tokens: {
      count: p.tokenCount,
      lastReceivedAt: p.tokensReceivedAt?.toISOString() ?? null,
      pulledAt: p.tokensPulledAt?.toISOString() ?? null,
    },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
