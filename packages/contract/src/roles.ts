import { z } from 'zod';

export const ROLES = [
  'Admin',
  'Main Operator',
  'Finance',
  'Technical Support',
  'Site Safety Officer',
  'CallCenter',
] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Areas of the product (spec §1); each has a read and a write permission. */
export const AREAS = [
  'dashboards',
  'chargePoints',
  'commands',
  'drivers',
  'operators',
  'users',
  'tariffs',
  'bookings',
  'smartCharging',
  'sessions',
  'payments',
  'firmware',
  'logs',
  'auditLogs',
  /** API keys, webhooks and the event feed (issue #32). */
  'integrations',
  /** Alerts of the operations console and their rules (issue #33). */
  'alerts',
  /** Roaming partners (OCPI) and what is published to them (issue #31). */
  'roaming',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Beside the areas' read and write: `payments:refund`, and `installation:write`, the settings that
 * hold for the whole installation rather than an operator's subtree (today the diagnostics
 * retention). Only Admin has `installation:write`: a Main Operator's or Technical Support's
 * `logs:write` does not change how long every operator's files are kept. `commands:raw`: any
 * request of a charger's own OCPP version, as written (the raw command console), which passes by
 * every rule Voltline's own commands follow; only Admin and Technical Support have it.
 */
export const PERMISSIONS = [
  ...AREAS.flatMap((a) => [`${a}:read`, `${a}:write`] as const),
  'payments:refund',
  'installation:write',
  'commands:raw',
] as const;
export type Permission =
  `${Area}:read` | `${Area}:write` | 'payments:refund' | 'installation:write' | 'commands:raw';

const all = (...areas: Area[]): Permission[] => areas.flatMap((a) => [`${a}:read`, `${a}:write`] as const);
const read = (...areas: Area[]): Permission[] => areas.map((a) => `${a}:read` as const);

/**
 * The one permission table. The server enforces it on every route; the portal uses it to hide
 * what a user may not do. A user with several roles has the union of their permissions.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Admin: [...all(...AREAS), 'payments:refund', 'installation:write', 'commands:raw'],
  'Main Operator': [...all(...AREAS), 'payments:refund'],
  Finance: [
    ...read(
      'dashboards',
      'chargePoints',
      'drivers',
      'operators',
      'tariffs',
      'sessions',
      'auditLogs',
      'roaming',
    ),
    ...all('payments'),
    'tariffs:write',
    'payments:refund',
  ],
  'Technical Support': [
    ...read('dashboards', 'drivers', 'operators', 'tariffs', 'bookings', 'sessions'),
    ...all('chargePoints', 'commands', 'smartCharging', 'firmware', 'logs', 'alerts'),
    'commands:raw',
  ],
  'Site Safety Officer': [
    ...read('dashboards', 'chargePoints', 'sessions', 'logs', 'alerts'),
    'commands:read',
    'commands:write',
  ],
  CallCenter: [
    ...read('dashboards', 'chargePoints', 'tariffs', 'sessions', 'operators', 'alerts'),
    ...all('drivers', 'bookings'),
    'commands:read',
    'commands:write',
  ],
};

export function permissionsOf(roles: readonly Role[]): Set<Permission> {
  const set = new Set<Permission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r]) set.add(p);
  return set;
}

export function can(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((r) => ROLE_PERMISSIONS[r].includes(permission));
}

/**
 * Roles a user may hand out: Admin hands out any; Main Operator any but Admin; the rest none
 * (they lack users:write anyway).
 */
export function assignableRoles(roles: readonly Role[]): Role[] {
  if (roles.includes('Admin')) return [...ROLES];
  if (roles.includes('Main Operator')) return ROLES.filter((r) => r !== 'Admin');
  return [];
}
