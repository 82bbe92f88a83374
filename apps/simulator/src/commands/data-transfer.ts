import { COSTMSG_VENDOR, DISPLAY_KEY, costMessage } from '../cost-messages.js';
import type { CommandHandler } from './types.js';

/**
 * OCPP 1.6 section 5.6: a vendorId the charger has no extension for is UnknownVendorId, a messageId
 * its extension does not know is UnknownMessageId; neither carries data. The simulator's own
 * extension (vendorId = its chargePointVendor) has one message, `Echo` (or no messageId), which sends
 * the data back: handy in tests. The OCA California Pricing note's messages reach a charger that
 * declares `CustomDisplayCostAndPrice` (cost-messages.ts).
 */
export const dataTransfer: CommandHandler<'DataTransfer'> = (charger, req) => {
  if (req.vendorId === COSTMSG_VENDOR) {
    const { costMessages: messages, costMessageAnswer: answer } = charger;
    return costMessage({ declared: charger.config.getBool(DISPLAY_KEY), messages, answer }, req);
  }
  if (req.vendorId !== charger.options.vendor) return { status: 'UnknownVendorId' };
  if (req.messageId !== undefined && req.messageId !== 'Echo') return { status: 'UnknownMessageId' };
  return req.data === undefined ? { status: 'Accepted' } : { status: 'Accepted', data: req.data };
};
