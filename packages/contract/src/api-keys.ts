import { z } from 'zod';
import { IsoTime, Text } from './common.js';
import { PERMISSIONS, Role } from './roles.js';

/**
 * API keys (issue #32): a machine's credential for the API, sent as `Authorization: Bearer <key>`
 * on any route, with the permissions of its role (or a narrower list) and its operator's reach.
 */
export const API_KEY_PATHS = {
  /** GET: the keys in reach; POST: a new key (its secret is in this answer only). */
  list: 'portal/integrations/apiKeys',
  /** POST: a new secret; the old one stays valid until the overlap ends. */
  rotate: (id: number | string) => `portal/integrations/apiKeys/${id}/rotate`,
  /** POST: the key stops working at once. */
  revoke: (id: number | string) => `portal/integrations/apiKeys/${id}/revoke`,
} as const;

/** Every key starts so: a log scanner (or a person) knows it for a Voltline secret. */
export const API_KEY_PREFIX = 'vl_live_';

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export const ApiKeyState = z.enum(API_KEY_STATES);
export type ApiKeyState = z.infer<typeof ApiKeyState>;

export const ApiKeyPermission = z.enum(PERMISSIONS);

/** An IPv4 or IPv6 address, or a CIDR block of either. */
export const SourceAddress = z
  .string()
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]));

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  role: Role.nullable(),
  permissions: z.array(ApiKeyPermission),
  /** The visible start of the current secret, to tell keys apart. */
  prefix: z.string(),
  allowedIps: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Until when the secret before the last rotation still works (null: no overlap running). */
  previousValidUntil: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: ApiKeyState,
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyBody = z
  .object({
    name: Text(80),
    operatorId: z.number().int().positive(),
    /** A role of the role table, or `permissions`, a narrower list. */
    role: Role.optional(),
    permissions: z.array(ApiKeyPermission).min(1).max(PERMISSIONS.length).optional(),
    expiresAt: IsoTime,
    allowedIps: z.array(SourceAddress).max(50).default([]),
  })
  .refine((b) => (b.role === undefined) !== (b.permissions === undefined), {
    message: 'apiKey.roleOrPermissions',
    path: ['role'],
  });
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** Hours the old secret keeps working after a rotation (0: it stops at once). */
export const RotateApiKeyBody = z.object({
  overlapHours: z.number().int().min(0).max(720).default(24),
});
export type RotateApiKeyBody = z.input<typeof RotateApiKeyBody>;

/** The one answer that carries the secret: creation and rotation. */
export const ApiKeyWithSecret = z.object({ key: ApiKey, secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof ApiKeyWithSecret>;
