import type { Ocpp } from '@voltline/contract';
import type { CardAnswer, CardVerdict } from '../../modules/drivers/authorization.js';

type IdTagInfo = Ocpp.AuthorizeResponse['idTagInfo'];

/**
 * The card verdict in OCPP 1.6's AuthorizationStatus: 1.6 has no NoCredit (a prepaid driver under
 * the minimum balance stays Blocked, as 1.6 chargers always heard it) and no Unknown (a card nobody
 * issued is Invalid).
 */
const AS_16: Record<CardVerdict, IdTagInfo['status']> = {
  Accepted: 'Accepted',
  Blocked: 'Blocked',
  ConcurrentTx: 'ConcurrentTx',
  Expired: 'Expired',
  Invalid: 'Invalid',
  NoCredit: 'Blocked',
  Unknown: 'Invalid',
};

/** A card's answer as 1.6's idTagInfo: the group is the parent idTag. */
export function idTagInfo(card: CardAnswer): IdTagInfo {
  return {
    status: AS_16[card.status],
    ...(card.expiryDate ? { expiryDate: card.expiryDate } : {}),
    ...(card.groupIdToken ? { parentIdTag: card.groupIdToken } : {}),
  };
}
