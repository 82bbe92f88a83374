import { authorizationKeyBytes } from '../../lib/charger-auth.js';
import type { SchemaProblem } from './schema.js';

type Payload = Record<string, unknown>;

/** What a raw request holds of the charger's credentials. */
export interface RawSecrets {
  /** The request as the command record, the audit log and the message log keep it. */
  logged: Payload;
  /**
   * The charger's next Basic-auth password the request sets (1.6 AuthorizationKey, 2.0.1
   * SecurityCtrlr.BasicAuthPassword), and whether a reply says the charger took it.
   */
  password?: { bytes: Buffer; accepted(reply: Payload): boolean };
  /** A password no charger may be given; nothing is sent. */
  refusal?: SchemaProblem;
}

const REDACTED = '[redacted]';
const isPasswordKey = (key: unknown) =>
  typeof key === 'string' && ['authorizationkey', 'basicauthpassword'].includes(key.toLowerCase());

type Named = { name?: unknown } | undefined;
/** SecurityCtrlr.BasicAuthPassword of a SetVariables item or result, names case-insensitive. */
const isBasicAuthPassword = (item: { component?: Named; variable?: Named }) =>
  String(item.component?.name).toLowerCase() === 'securityctrlr' &&
  String(item.variable?.name).toLowerCase() === 'basicauthpassword';

/** 1.6 ChangeConfiguration: AuthorizationKey is the next password, in hexadecimal. */
function changeConfiguration(payload: Payload): RawSecrets {
  if (!isPasswordKey(payload.key)) return { logged: payload };
  const logged = { ...payload, value: REDACTED };
  if (String(payload.key).toLowerCase() !== 'authorizationkey') return { logged };
  const bytes = authorizationKeyBytes(String(payload.value));
  if (!bytes) {
    return { logged, refusal: { field: 'body.payload.value', key: 'command.authorizationKey' } };
  }
  return { logged, password: { bytes, accepted: (reply) => reply.status === 'Accepted' } };
}

/** 2.0.1 SetVariables: BasicAuthPassword is the next password as text, 16 to 40 printable characters. */
function setVariables(payload: Payload): RawSecrets {
  const items = Array.isArray(payload.setVariableData)
    ? (payload.setVariableData as Record<string, unknown>[])
    : [];
  const at = items.findLastIndex((item) => isBasicAuthPassword(item));
  if (at < 0) return { logged: payload };
  const logged = {
    ...payload,
    setVariableData: items.map((item) =>
      isBasicAuthPassword(item) ? { ...item, attributeValue: REDACTED } : item,
    ),
  };
  const value = String(items[at]?.attributeValue);
  if (!/^[\x21-\x7e]{16,40}$/.test(value)) {
    const field = `body.payload.setVariableData.${at}.attributeValue`;
    return { logged, refusal: { field, key: 'deviceModel.basicAuthPassword' } };
  }
  const accepted = (reply: Payload) =>
    Array.isArray(reply.setVariableResult) &&
    (reply.setVariableResult as { attributeStatus?: unknown }[]).some(
      (r) => isBasicAuthPassword(r as never) && r.attributeStatus === 'Accepted',
    );
  return { logged, password: { bytes: Buffer.from(value, 'latin1'), accepted } };
}

/**
 * The credentials in a request of the charger's own version: each action names one version, so
 * the action alone says where a password is.
 */
export function rawSecrets(action: string, payload: Payload): RawSecrets {
  if (action === 'ChangeConfiguration') return changeConfiguration(payload);
  if (action === 'SetVariables') return setVariables(payload);
  return { logged: payload };
}
