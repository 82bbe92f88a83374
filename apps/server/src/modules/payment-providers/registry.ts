import { createHmac } from 'node:crypto';
import type { PaymentConfig, ProviderName } from '../../config.payments.js';
import { iyzicoProvider } from './iyzico.js';
import type { PaymentLedger, PaymentProvider } from './provider.js';
import { sandboxProvider, type SandboxProvider } from './sandbox.js';
import { stripeProvider } from './stripe.js';

export interface PaymentProviders {
  /**
   * The provider of an operator, by its materialised path (`/1/4/9/`): the nearest operator on
   * the path that PAYMENT_PROVIDER_BY_OPERATOR names decides, so sub-operators inherit; else
   * PAYMENT_PROVIDER.
   */
  forOperator(operatorPath: string): PaymentProvider;
  /** A configured provider by name (webhooks arrive per provider); undefined if not configured. */
  named(name: ProviderName): PaymentProvider | undefined;
  /** The built-in sandbox, always there: its card page is served by sandbox-page.ts. */
  sandbox: SandboxProvider;
}

export interface RegistryDeps {
  publicUrl: string;
  /** Where captures and refunds are kept; the ad-hoc payment flow passes its persistent one. */
  ledger: PaymentLedger;
  /** A secret of this installation; the sandbox's webhook key is derived from it. */
  secretSeed: string;
  notify?: (body: Buffer, headers: Record<string, string>) => void;
}

/** Builds each configured provider once; config.payments.ts has checked the chosen ones have keys. */
export function createPaymentProviders(config: PaymentConfig, deps: RegistryDeps): PaymentProviders {
  const sandbox = sandboxProvider({
    publicUrl: deps.publicUrl,
    ledger: deps.ledger,
    webhookSecret: createHmac('sha256', deps.secretSeed)
      .update('voltline sandbox payment webhooks')
      .digest('hex'),
    notify: deps.notify,
  });
  const built = new Map<ProviderName, PaymentProvider>([['sandbox', sandbox]]);
  if (config.stripe) {
    built.set(
      'stripe',
      stripeProvider({
        secretKey: config.stripe.secretKey.reveal(),
        webhookSecret: config.stripe.webhookSecret.reveal(),
        apiUrl: config.stripe.apiUrl ?? undefined,
        ledger: deps.ledger,
      }),
    );
  }
  if (config.iyzico) {
    built.set(
      'iyzico',
      iyzicoProvider({
        apiKey: config.iyzico.apiKey.reveal(),
        secretKey: config.iyzico.secretKey.reveal(),
        apiUrl: config.iyzico.apiUrl,
        ledger: deps.ledger,
      }),
    );
  }
  const named = (name: ProviderName) => built.get(name);
  return {
    sandbox,
    named,
    forOperator(operatorPath) {
      const ids = operatorPath.split('/').filter(Boolean).map(Number).reverse();
      const name =
        ids.map((id) => config.byOperator.get(id)).find((n) => n !== undefined) ?? config.defaultProvider;
      const provider = named(name);
      // Unreachable after the start-up check; kept loud rather than falling back to the sandbox.
      if (!provider) throw new Error(`payment provider ${name} is chosen but not configured`);
      return provider;
    },
  };
}
