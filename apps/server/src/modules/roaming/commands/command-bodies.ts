import { z } from 'zod';
import { cistring, dateTime, OcpiTokenSchema } from '../tokens/token.js';

/** OCPI 2.2.1 CommandType (§13.4.3): the commands Voltline receives. */
export const COMMAND_TYPES = [
  'START_SESSION',
  'STOP_SESSION',
  'RESERVE_NOW',
  'CANCEL_RESERVATION',
  'UNLOCK_CONNECTOR',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** CommandResponseType (§13.4.2): Voltline's synchronous answer. */
export type CommandResponseType = 'ACCEPTED' | 'NOT_SUPPORTED' | 'REJECTED' | 'UNKNOWN_SESSION';
/** CommandResultType (§13.4.4): what became of the command, sent later to response_url. */
export type CommandResultType =
  | 'ACCEPTED'
  | 'CANCELED_RESERVATION'
  | 'EVSE_OCCUPIED'
  | 'EVSE_INOPERATIVE'
  | 'FAILED'
  | 'NOT_SUPPORTED'
  | 'REJECTED'
  | 'TIMEOUT'
  | 'UNKNOWN_RESERVATION';

/** DisplayText (§16.3): Voltline speaks English to partners. */
export interface DisplayText {
  language: string;
  text: string;
}
export const say = (text: string): DisplayText[] => [{ language: 'en', text: text.slice(0, 512) }];

export interface CommandResponse {
  result: CommandResponseType;
  timeout: number;
  message?: DisplayText[];
}
export interface CommandResult {
  result: CommandResultType;
  message?: DisplayText[];
}

const url = z.string().url().max(255);

/** StartSession (§13.3.5). connector_id only with evse_uid. */
export const StartSessionSchema = z
  .object({
    response_url: url,
    token: OcpiTokenSchema,
    location_id: cistring(36),
    evse_uid: cistring(36).optional().nullable(),
    connector_id: cistring(36).optional().nullable(),
    authorization_reference: cistring(36).optional().nullable(),
  })
  .refine((b) => !b.connector_id || b.evse_uid, { message: 'connector_id needs evse_uid' });

/** StopSession (§13.3.6). */
export const StopSessionSchema = z.object({ response_url: url, session_id: cistring(36) });

/** ReserveNow (§13.3.4). */
export const ReserveNowSchema = z.object({
  response_url: url,
  token: OcpiTokenSchema,
  expiry_date: dateTime,
  reservation_id: cistring(36),
  location_id: cistring(36),
  evse_uid: cistring(36).optional().nullable(),
  authorization_reference: cistring(36).optional().nullable(),
});

/** CancelReservation (§13.3.2). */
export const CancelReservationSchema = z.object({ response_url: url, reservation_id: cistring(36) });

/** UnlockConnector (§13.3.7): every id required. */
export const UnlockConnectorSchema = z.object({
  response_url: url,
  location_id: cistring(36),
  evse_uid: cistring(36),
  connector_id: cistring(36),
});

export const COMMAND_BODIES = {
  START_SESSION: StartSessionSchema,
  STOP_SESSION: StopSessionSchema,
  RESERVE_NOW: ReserveNowSchema,
  CANCEL_RESERVATION: CancelReservationSchema,
  UNLOCK_CONNECTOR: UnlockConnectorSchema,
} as const;

export type StartSession = z.infer<typeof StartSessionSchema>;
export type StopSession = z.infer<typeof StopSessionSchema>;
export type ReserveNow = z.infer<typeof ReserveNowSchema>;
export type CancelReservation = z.infer<typeof CancelReservationSchema>;
export type UnlockConnector = z.infer<typeof UnlockConnectorSchema>;
