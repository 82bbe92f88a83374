import type { CommandHandler } from './types.js';

export const dataTransfer: CommandHandler<'DataTransfer'> = (charger, req) => {
  if (req.vendorId !== charger.options.vendor) return { status: 'UnknownVendorId' };
  // The simulator's own vendor extension echoes the data back, which is handy in tests.
  return req.data === undefined ? { status: 'Accepted' } : { status: 'Accepted', data: req.data };
};
