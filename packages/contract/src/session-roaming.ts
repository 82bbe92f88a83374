import { z } from 'zod';

/**
 * A partner's driver's session (OCPI roaming, issue #31): the partner, and the token as the session
 * ran on it. `partyId` is the token's issuer as "DE*ABC" (the eMSP behind a hub, too).
 */
export const SessionRoaming = z.object({
  partnerId: z.number().int(),
  partnerName: z.string(),
  partyId: z.string(),
  tokenUid: z.string(),
  contractId: z.string(),
  authorizationReference: z.string().nullable(),
});
export type SessionRoaming = z.infer<typeof SessionRoaming>;
