import { z } from 'zod';
import { ChargePointFilter } from './charge-points.js';
import { DriverFilter } from './drivers.js';
import { SessionFilter } from './billing.js';
import { Text } from './common.js';

/** The most rows one bulk action touches; a larger selection is refused before anything is done. */
export const BULK_MAX = 1000;
/** How many chargers a bulk command talks to at once. */
export const BULK_COMMAND_CONCURRENCY = 10;

const Ids = z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(BULK_MAX);

/** The rows a bulk action is for: the ones ticked, or every row the list's own filter matches. */
const selection = <F extends z.ZodTypeAny>(filter: F) =>
  z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('ids'), ids: Ids }),
    z.object({ mode: z.literal('filter'), filter }),
  ]);

export const ChargePointSelection = selection(ChargePointFilter);
export type ChargePointSelection = z.input<typeof ChargePointSelection>;
export const DriverSelection = selection(DriverFilter);
export type DriverSelection = z.input<typeof DriverSelection>;

export const SessionSelection = selection(SessionFilter);
export type SessionSelection = z.input<typeof SessionSelection>;

/** The RFID cards a bulk action may be for by filter: every card of one driver (archived too). */
export const CardFilter = z.object({ driverId: z.number().int().positive().max(2_147_483_647) });
export type CardFilter = z.infer<typeof CardFilter>;
export const CardSelection = selection(CardFilter);
export type CardSelection = z.input<typeof CardSelection>;

/** The connectors a bulk action may be for by filter: every connector of one charge point (archived too). */
export const ConnectorBulkFilter = z.object({ chargePointId: z.string().trim().min(1).max(255) });
export type ConnectorBulkFilter = z.infer<typeof ConnectorBulkFilter>;
export const ConnectorSelection = selection(ConnectorBulkFilter);
export type ConnectorSelection = z.input<typeof ConnectorSelection>;

/** Commands a bulk action sends: each through the same gateway and checks as one sent alone. */
export const BULK_COMMANDS = [
  'reset',
  'changeAvailability',
  'triggerMessage',
  'changeConfiguration',
] as const;
export type BulkCommand = (typeof BULK_COMMANDS)[number];

/** `POST portal/ChargePoint/Bulk/commands`: the command's own body less the charge point. */
export const ChargePointBulkCommandBody = z.object({
  selection: ChargePointSelection,
  command: z.enum(BULK_COMMANDS),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ChargePointBulkCommandBody = z.input<typeof ChargePointBulkCommandBody>;

export const CHARGE_POINT_BULK_ACTIONS = [
  'archive',
  'unarchive',
  'assignTariff',
  'addToGroup',
  'removeFromGroup',
] as const;
/**
 * `POST portal/ChargePoint/Bulk`: archive or restore many, put one tariff on every connector
 * of each (`tariffId` null takes the tariff off), or add them to or take them out of one
 * smart-charging group (`groupId`).
 */
export const ChargePointBulkBody = z
  .object({
    selection: ChargePointSelection,
    action: z.enum(CHARGE_POINT_BULK_ACTIONS),
    tariffId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    groupId: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((b) => b.action !== 'assignTariff' || b.tariffId !== undefined, {
    message: 'bulk.tariffRequired',
    path: ['tariffId'],
  })
  .refine((b) => !b.action.endsWith('Group') || b.groupId !== undefined, {
    message: 'bulk.groupRequired',
    path: ['groupId'],
  });
export type ChargePointBulkBody = z.input<typeof ChargePointBulkBody>;

export const CONNECTOR_BULK_ACTIONS = [
  'operative',
  'inoperative',
  'archive',
  'unarchive',
  'assignTariff',
] as const;
export type ConnectorBulkAction = (typeof CONNECTOR_BULK_ACTIONS)[number];
/**
 * `POST portal/connector/Bulk`: make many connectors available or unavailable (ChangeAvailability,
 * a remote command to each charger), archive or restore them, or put one tariff on them
 * (`tariffId` null takes it off).
 */
export const ConnectorBulkBody = z
  .object({
    selection: ConnectorSelection,
    action: z.enum(CONNECTOR_BULK_ACTIONS),
    tariffId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .refine((b) => b.action !== 'assignTariff' || b.tariffId !== undefined, {
    message: 'bulk.tariffRequired',
    path: ['tariffId'],
  });
export type ConnectorBulkBody = z.input<typeof ConnectorBulkBody>;

export const DRIVER_BULK_ACTIONS = ['archive', 'block', 'activate'] as const;
/** `POST portal/Driver/Bulk`: archive many drivers, or change their status with one reason. */
export const DriverBulkBody = z
  .object({
    selection: DriverSelection,
    action: z.enum(DRIVER_BULK_ACTIONS),
    reason: Text(500).optional(),
  })
  .refine((b) => b.action === 'archive' || b.reason !== undefined, {
    message: 'bulk.reasonRequired',
    path: ['reason'],
  });
export type DriverBulkBody = z.input<typeof DriverBulkBody>;

export const CARD_BULK_ACTIONS = ['block', 'unblock', 'archive', 'unarchive'] as const;
export type CardBulkAction = (typeof CARD_BULK_ACTIONS)[number];
/** `POST portal/driver/RFIDCards/Bulk`: block, unblock, archive or restore many RFID cards. */
export const CardBulkBody = z.object({
  selection: CardSelection,
  action: z.enum(CARD_BULK_ACTIONS),
});
export type CardBulkBody = z.input<typeof CardBulkBody>;

export const SESSION_BULK_ACTIONS = ['close'] as const;
/**
 * `POST portal/Transaction/Bulk`: close many sessions whose chargers never stopped them, each at its
 * last reading and with one reason, as a session's own Close does.
 */
export const SessionBulkBody = z.object({
  selection: SessionSelection,
  action: z.enum(SESSION_BULK_ACTIONS),
  reason: z.string().trim().min(3).max(500),
});
export type SessionBulkBody = z.input<typeof SessionBulkBody>;

export const BULK_OUTCOMES = ['done', 'refused', 'failed'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/** What became of one row, said in the user's language. */
export const BulkRowResult = z.object({
  id: z.number().int(),
  label: z.string(),
  outcome: z.enum(BULK_OUTCOMES),
  message: z.string(),
});
export type BulkRowResult = z.infer<typeof BulkRowResult>;

export const BulkResult = z.object({
  rows: z.array(BulkRowResult),
  done: z.number().int(),
  refused: z.number().int(),
  failed: z.number().int(),
});
export type BulkResult = z.infer<typeof BulkResult>;

export const BULK_API = {
  chargePoints: 'portal/ChargePoint/Bulk',
  chargePointCommands: 'portal/ChargePoint/Bulk/commands',
  drivers: 'portal/Driver/Bulk',
  cards: 'portal/driver/RFIDCards/Bulk',
  connectors: 'portal/connector/Bulk',
  sessions: 'portal/Transaction/Bulk',
} as const;
