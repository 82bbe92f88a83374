/** Operators keep money settings in minor units of the network's currency. */
export const NETWORK_CURRENCY = 'TRY';
