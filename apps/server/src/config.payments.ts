import { z } from 'zod';

/**
 * Payment providers of ad-hoc charging (issue #30; docs/payments.md). Kept apart from config.ts,
 * which reads it; README.md's configuration table lists every key.
 */
export const PROVIDERS = ['sandbox', 'stripe', 'iyzico'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

const PaymentEnvSchema = z.object({
  PAYMENT_PROVIDER: z.enum(PROVIDERS).default('sandbox'),
  /** Operators with a provider of their own, `3=stripe,7=iyzico`; sub-operators inherit it. */
  PAYMENT_PROVIDER_BY_OPERATOR: z
    .string()
    .regex(
      /^\s*\d+\s*=\s*(sandbox|stripe|iyzico)\s*(,\s*\d+\s*=\s*(sandbox|stripe|iyzico)\s*)*$/,
      'must be operator ids with a provider, such as 3=stripe,7=iyzico',
    )
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  IYZICO_API_KEY: z.string().min(1).optional(),
  IYZICO_SECRET_KEY: z.string().min(1).optional(),
  IYZICO_API_URL: z.url().default('https://sandbox-api.iyzipay.com'),
  /** Ad-hoc payment: how long a driver has to plug in once the charger took the start. */
  ADHOC_START_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(180),
  /** Ad-hoc payment: how long the provider's card form may stay open before it is given up. */
  ADHOC_CARD_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(86400).default(900),
});

/** A value that never shows itself in a log line or JSON. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON() {
    return '[redacted]';
  }
  toString() {
    return '[redacted]';
  }
}

export interface PaymentConfig {
  defaultProvider: ProviderName;
  /** Operator id → provider, as configured (inheritance is the registry's). */
  byOperator: Map<number, ProviderName>;
  stripe: { secretKey: Secret; webhookSecret: Secret; apiUrl: string | null } | null;
  iyzico: { apiKey: Secret; secretKey: Secret; apiUrl: string } | null;
  adhoc: { startTimeoutSeconds: number; cardTimeoutSeconds: number };
}

/**
 * Reads the payment keys from the environment config.ts cleaned. A provider that is chosen (by
 * default or for an operator) must have its keys: otherwise the start stops, naming them.
 */
export function loadPaymentConfig(
  env: Record<string, string | undefined>,
  fail: (message: string) => Error,
): PaymentConfig {
  const parsed = PaymentEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw fail(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const byOperator = new Map<number, ProviderName>();
  for (const pair of e.PAYMENT_PROVIDER_BY_OPERATOR?.split(',') ?? []) {
    const [id = '', name = ''] = pair.split('=').map((x) => x.trim());
    byOperator.set(Number(id), name as ProviderName);
  }
  const chosen = new Set<ProviderName>([e.PAYMENT_PROVIDER, ...byOperator.values()]);
  const problems: string[] = [];
  const need = (provider: ProviderName, keys: Record<string, string | undefined>) => {
    if (!chosen.has(provider)) return;
    const missing = Object.entries(keys)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length > 0)
      problems.push(`  ${provider} is chosen as a payment provider and needs ${missing.join(' and ')}`);
  };
  need('stripe', { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET });
  need('iyzico', { IYZICO_API_KEY: e.IYZICO_API_KEY, IYZICO_SECRET_KEY: e.IYZICO_SECRET_KEY });
  if (problems.length > 0) throw fail(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    adhoc: {
      startTimeoutSeconds: e.ADHOC_START_TIMEOUT_SECONDS,
      cardTimeoutSeconds: e.ADHOC_CARD_TIMEOUT_SECONDS,
    },
    defaultProvider: e.PAYMENT_PROVIDER,
    byOperator,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: new Secret(e.STRIPE_SECRET_KEY),
            webhookSecret: new Secret(e.STRIPE_WEBHOOK_SECRET),
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
    iyzico:
      e.IYZICO_API_KEY && e.IYZICO_SECRET_KEY
        ? {
            apiKey: new Secret(e.IYZICO_API_KEY),
            secretKey: new Secret(e.IYZICO_SECRET_KEY),
            apiUrl: e.IYZICO_API_URL,
          }
        : null,
  };
}
