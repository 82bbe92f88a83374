/**
 * What Voltline decides about a card, in its own words, whatever the charger's protocol: each
 * adapter says it in its protocol's enum (OCPP 2.0.1 has every word; 1.6 says NoCredit as Blocked
 * and Unknown as Invalid). Unknown: no card has the number; Invalid: a card of another network, or
 * a booking of another card; NoCredit: a prepaid driver under the operator's minimum balance.
 * Sessions record the verdict, so the portal words a refusal alike for both protocols.
 */
export type CardVerdict =
  'Accepted' | 'Blocked' | 'ConcurrentTx' | 'Expired' | 'Invalid' | 'NoCredit' | 'Unknown';
