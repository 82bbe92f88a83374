import type { Payload } from './prepared.js';

/**
 * What a charger takes of a local authorization list, as its protocol says it (OCPP 1.6: the
 * configuration keys SendLocalListMaxLength and LocalAuthListMaxLength; OCPP 2.0.1: the device
 * model's LocalAuthListCtrlr ItemsPerMessage, BytesPerMessage and the maximum of Entries). Null
 * where the charger told Voltline nothing.
 */
export interface LocalListLimits {
  itemsPerMessage: number | null;
  bytesPerMessage: number | null;
  /** How many entries the charger's list holds at most. */
  maxEntries: number | null;
  /** The bytes one SendLocalList of the command language takes once said in the charger's protocol. */
  bytesOf(payload: Payload): number;
}

/** The charger whose limits are asked; each protocol answers for its own chargers. */
export type LocalListLimitsLookup = (cp: {
  id: number;
  chargePointId: string;
  ocppProtocol: string;
}) => Promise<LocalListLimits>;

/**
 * Entries per message when the charger did not say: small enough for the chargers Voltline has
 * met (a list sent whole used to overflow them), large enough that a list takes few messages.
 */
export const DEFAULT_ITEMS_PER_MESSAGE = 100;

const jsonBytes = (payload: Payload) => Buffer.byteLength(JSON.stringify(payload));

/** Limits of a charger nobody asked about: the default count per message, no byte or list bound. */
export const UNKNOWN_LIMITS: LocalListLimits = {
  itemsPerMessage: null,
  bytesPerMessage: null,
  maxEntries: null,
  bytesOf: jsonBytes,
};

/**
 * The list's messages: the first with the update type asked for, the rest Differential (they add
 * to what the first began), all with the same version. Each holds at most the charger's entries
 * per message (the default when unknown) and, where it has a byte bound, fits it; an entry too
 * big alone still goes alone, and the charger answers for it. An empty list is one message.
 */
export function listMessages<E>(
  entries: E[],
  first: { listVersion: number; updateType: 'Full' | 'Differential' },
  limits: LocalListLimits,
): Payload[] {
  const items = limits.itemsPerMessage ?? DEFAULT_ITEMS_PER_MESSAGE;
  const payloadOf = (chunk: E[], index: number): Payload => ({
    listVersion: first.listVersion,
    updateType: index === 0 ? first.updateType : 'Differential',
    localAuthorizationList: chunk,
  });
  const chunks: E[][] = [];
  let current: E[] = [];
  for (const entry of entries) {
    const next = [...current, entry];
    const tooMany = next.length > items;
    const tooBig =
      limits.bytesPerMessage !== null &&
      limits.bytesOf(payloadOf(next, chunks.length)) > limits.bytesPerMessage;
    if (current.length > 0 && (tooMany || tooBig)) {
      chunks.push(current);
      current = [entry];
    } else {
      current = next;
    }
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current);
  return chunks.map(payloadOf);
}
