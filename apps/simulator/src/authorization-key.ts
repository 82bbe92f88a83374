/**
 * The HTTP Basic password a ChangeConfiguration of `AuthorizationKey` sets (OCPP 1.6 security
 * whitepaper, security profiles 1 and 2): 16 to 20 bytes sent as their hex representation (32 to 40
 * hex digits). Some chargers also take the password as typed, 16 to 20 printable characters; the two
 * forms cannot be confused because their lengths do not overlap. Anything else: undefined (Rejected).
 */
export function decodeAuthorizationKey(value: string): Buffer | undefined {
  if (/^(?:[0-9a-fA-F]{2}){16,20}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[\x21-\x7e]{16,20}$/.test(value)) return Buffer.from(value, 'utf8');
  return undefined;
}
