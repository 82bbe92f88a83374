import type Stripe from 'stripe';
import type { PaymentEvent, RefusalCode } from './provider.js';

/**
 * A verified Stripe event in the interface's words. `reference` comes from the metadata Voltline
 * set on the Checkout Session and its PaymentIntent (our payment's id).
 */
export function readEvent(event: Stripe.Event): PaymentEvent {
  const base = { eventId: event.id, providerType: event.type };
  const obj = event.data.object as unknown as Record<string, unknown>;
  const metadata = (obj.metadata ?? {}) as Record<string, string>;
  switch (event.type) {
    case 'checkout.session.completed':
      return { ...base, kind: 'hold.authorized', reference: metadata.reference, providerRef: String(obj.id) };
    case 'checkout.session.expired':
      return { ...base, kind: 'hold.canceled', reference: metadata.reference, providerRef: String(obj.id) };
    case 'payment_intent.amount_capturable_updated':
      return { ...base, kind: 'hold.authorized', reference: metadata.reference };
    case 'payment_intent.payment_failed': {
      const e = event.data.object.last_payment_error;
      return {
        ...base,
        kind: 'hold.declined',
        reference: metadata.reference,
        refusal: cardRefusal(e?.code, e?.decline_code),
      };
    }
    case 'payment_intent.canceled':
      return { ...base, kind: 'hold.canceled', reference: metadata.reference };
    case 'payment_intent.succeeded':
      return { ...base, kind: 'captured', reference: metadata.reference };
    default:
      return { ...base, kind: 'other', reference: metadata.reference };
  }
}

export function cardRefusal(code?: string, declineCode?: string): RefusalCode {
  if (declineCode === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'expired_card' || declineCode === 'expired_card') return 'expired';
  return 'card_declined';
}
