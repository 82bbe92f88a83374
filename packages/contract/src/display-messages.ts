import { z } from 'zod';
import { IsoTime } from './common.js';

/** MessagePriorityEnumType: AlwaysFront stays on screen, InFront goes before the cycle, NormalCycle takes turns. */
export const MESSAGE_PRIORITIES = ['AlwaysFront', 'InFront', 'NormalCycle'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];
/** MessageStateEnumType: the charger's state during which a message shows (any, when none is given). */
export const MESSAGE_STATES = ['Charging', 'Faulted', 'Idle', 'Unavailable'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
/** MessageFormatEnumType. */
export const MESSAGE_FORMATS = ['ASCII', 'HTML', 'URI', 'UTF8'] as const;
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];
/** A SetDisplayMessage's answers; only Accepted means the charger holds the message. */
export const DISPLAY_MESSAGE_STATUSES = [
  'Accepted',
  'NotSupportedMessageFormat',
  'Rejected',
  'NotSupportedPriority',
  'NotSupportedState',
  'UnknownTransaction',
] as const;

const messageId = z.number().int().min(0).max(2_147_483_647);

/**
 * Display-message ids from here up are Voltline's own: the pay code of each EVSE (issue #30) is
 * `PAY_CODE_MESSAGE_IDS + evseId`, the payment page of the card-paid charge running on an EVSE
 * `PAY_CODE_MESSAGE_IDS + SESSION_CODE_OFFSET + evseId`. Staff set ids below, so theirs and
 * Voltline's never meet.
 */
export const PAY_CODE_MESSAGE_IDS = 2_000_000_000;
export const SESSION_CODE_OFFSET = 100_000;
export const payCodeMessageId = (evseId: number) => PAY_CODE_MESSAGE_IDS + evseId;
export const sessionCodeMessageId = (evseId: number) => PAY_CODE_MESSAGE_IDS + SESSION_CODE_OFFSET + evseId;
/** Whether a message id is one of Voltline's own (never one staff set). */
export const isVoltlineMessageId = (id: number) => id >= PAY_CODE_MESSAGE_IDS;
/** The EVSE whose pay code a message id is, or null for any other message. */
export function payCodeEvse(id: number): number | null {
  return id >= PAY_CODE_MESSAGE_IDS && id < PAY_CODE_MESSAGE_IDS + SESSION_CODE_OFFSET
    ? id - PAY_CODE_MESSAGE_IDS
    : null;
}
/** The EVSE whose running charge's payment page a message id is, or null for any other message. */
export function sessionCodeEvse(id: number): number | null {
  return id >= PAY_CODE_MESSAGE_IDS + SESSION_CODE_OFFSET
    ? id - PAY_CODE_MESSAGE_IDS - SESSION_CODE_OFFSET
    : null;
}
/** The ids staff give the messages they set. */
const staffMessageId = z
  .number()
  .int()
  .min(0)
  .max(PAY_CODE_MESSAGE_IDS - 1, 'displayMessage.reservedId');
const name50 = z.string().trim().min(1).max(50);

/**
 * A display message (MessageInfoType, O01/O02/O06): a new `id` adds one, an id the charger holds
 * replaces it. With `transactionId` it shows during that transaction only and goes when it ends.
 */
export const DisplayMessage = z
  .object({
    id: staffMessageId,
    priority: z.enum(MESSAGE_PRIORITIES),
    state: z.enum(MESSAGE_STATES).optional(),
    startDateTime: IsoTime.optional(),
    endDateTime: IsoTime.optional(),
    transactionId: z.string().trim().min(1).max(36).optional(),
    message: z.object({
      format: z.enum(MESSAGE_FORMATS),
      language: z.string().trim().min(1).max(8).optional(),
      content: z.string().min(1).max(512),
    }),
    display: z
      .object({
        name: name50,
        instance: name50.optional(),
        evse: z
          .object({
            id: z.number().int().min(0).max(99),
            connectorId: z.number().int().min(0).max(99).optional(),
          })
          .optional(),
      })
      .optional(),
  })
  .refine(
    (m) => !m.startDateTime || !m.endDateTime || Date.parse(m.startDateTime) < Date.parse(m.endDateTime),
    { message: 'displayMessage.window', path: ['endDateTime'] },
  );
export type DisplayMessage = z.infer<typeof DisplayMessage>;

/** The display-message commands' bodies, beside the other `ocpp/RemoteTrigger/` commands. */
export const DisplayMessageCommandBodies = {
  setDisplayMessage: { message: DisplayMessage },
  /** O03 (all) or O04 (those matching every criterion); Voltline generates the requestId. */
  getDisplayMessages: {
    id: z.array(messageId).min(1).max(100).optional(),
    priority: z.enum(MESSAGE_PRIORITIES).optional(),
    state: z.enum(MESSAGE_STATES).optional(),
  },
  clearDisplayMessage: { id: messageId },
};

/** `POST portal/DisplayMessages`: one message to several chargers at once. */
export const DisplayMessagesSendBody = z.object({
  chargePointIds: z
    .array(z.string().trim().min(1).max(48))
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'displayMessage.duplicateChargers' }),
  message: DisplayMessage,
});
export type DisplayMessagesSendBody = z.infer<typeof DisplayMessagesSendBody>;

/**
 * What became of the message at one charger: `accepted`, `refused` (the charger's status in
 * `status`), `offline`, `notSupported` (its protocol has no display messages), `failed` (no answer
 * or a CALLERROR). `message` says it in the caller's language.
 */
export const DISPLAY_SEND_OUTCOMES = ['accepted', 'refused', 'offline', 'notSupported', 'failed'] as const;
export const DisplayMessageSendResult = z.object({
  chargePointId: z.string(),
  outcome: z.enum(DISPLAY_SEND_OUTCOMES),
  status: z.string().nullable(),
  message: z.string(),
});
export type DisplayMessageSendResult = z.infer<typeof DisplayMessageSendResult>;

/** A message a charger holds, as Voltline last learned it (its report, or an Accepted SetDisplayMessage). */
export const StoredDisplayMessage = z.object({
  id: z.number().int(),
  priority: z.string(),
  state: z.string().nullable(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  transactionId: z.string().nullable(),
  format: z.string(),
  language: z.string().nullable(),
  content: z.string(),
  display: z
    .object({
      name: z.string(),
      instance: z.string().optional(),
      evse: z.object({ id: z.number().int(), connectorId: z.number().int().optional() }).optional(),
    })
    .nullable(),
  /** `set`: Voltline set it and the charger accepted; `report`: the charger reported it. */
  source: z.enum(['set', 'report']),
  updatedAt: z.string(),
});
export type StoredDisplayMessage = z.infer<typeof StoredDisplayMessage>;

/** Whether a charger of this protocol keeps display messages Voltline may set (a protocol not named: 1.6). */
const DISPLAY_CAPABLE: Readonly<Record<string, boolean>> = { 'ocpp1.6': false, 'ocpp2.0.1': true };
export function showsDisplayMessages(protocol: string | undefined): boolean {
  return DISPLAY_CAPABLE[protocol ?? ''] ?? false;
}
