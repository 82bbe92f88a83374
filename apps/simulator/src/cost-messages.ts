import type { Ocpp } from '@voltline/contract';

/** The vendorId of the OCA application note "OCPP & California Pricing Requirements". */
export const COSTMSG_VENDOR = 'org.openchargealliance.costmsg';
/** The note's configuration key: the charger shows prices and costs. */
export const DISPLAY_KEY = 'CustomDisplayCostAndPrice';

/** A price or cost the central system sent for the display, as the charger took it. */
export interface CostMessage {
  messageId: 'SetUserPrice' | 'RunningCost' | 'FinalCost';
  /** The message's `data`, parsed. */
  data: Record<string, unknown>;
  at: string;
}

const MESSAGES = new Set<string>(['SetUserPrice', 'RunningCost', 'FinalCost']);

type Field = 'string' | 'number' | 'object';
/** The note's fields of each message a display reads: required ones, and `?` optional ones. */
const FIELDS: Record<CostMessage['messageId'], Record<string, Field>> = {
  SetUserPrice: { idToken: 'string', priceText: 'string' },
  RunningCost: { transactionId: 'number', cost: 'number', 'timestamp?': 'string', 'meterValue?': 'number' },
  // qrCodeText: a text (a URL) the display may show as a QR code, e.g. for the receipt.
  FinalCost: { transactionId: 'number', cost: 'number', priceText: 'string', 'qrCodeText?': 'string' },
};

/** Whether a message's data has its required fields, and each field it has, of the note's types. */
function wellFormed(messageId: CostMessage['messageId'], data: Record<string, unknown>): boolean {
  return Object.entries(FIELDS[messageId]).every(([name, type]) => {
    const optional = name.endsWith('?');
    const v = data[optional ? name.slice(0, -1) : name];
    return v === undefined ? optional : typeof v === type && v !== null;
  });
}

/** What a charger with a display needs to take the note's DataTransfers. */
export interface CostDisplay {
  declared: boolean;
  messages: CostMessage[];
  /** The answer it gives (Rejected: a display that refuses them). */
  answer: 'Accepted' | 'Rejected';
}

/**
 * The note's DataTransfer on a charger that declares `CustomDisplayCostAndPrice`: the message is
 * recorded (shown) and Accepted, or refused as the charger is told to; one whose data is no JSON
 * object, or lacks a field the display reads (or has one of another type), is Rejected. A charger
 * that does not declare it knows no such vendor.
 */
export function costMessage(d: CostDisplay, req: Ocpp.DataTransferRequest): Ocpp.DataTransferResponse {
  if (!d.declared) return { status: 'UnknownVendorId' };
  if (!req.messageId || !MESSAGES.has(req.messageId)) return { status: 'UnknownMessageId' };
  let data: unknown;
  try {
    data = JSON.parse(req.data ?? '');
  } catch {
    return { status: 'Rejected' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { status: 'Rejected' };
  const messageId = req.messageId as CostMessage['messageId'];
  if (!wellFormed(messageId, data as Record<string, unknown>)) return { status: 'Rejected' };
  if (d.answer !== 'Accepted') return { status: d.answer };
  d.messages.push({
    messageId,
    data: data as Record<string, unknown>,
    at: new Date().toISOString(),
  });
  return { status: 'Accepted' };
}
