import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from './errors';

/*
 * Chargily Pay v2 over REST (issue 13; /work/shared/notes: the SDK is thin and throws from verifySignature, so
 * Darsi calls the API with fetch). Each teacher has their own keys; amounts are whole DZD. CHARGILY_API_BASE
 * (a local stand-in) replaces both base URLs when set.
 */

const LIVE_BASE = 'https://pay.chargily.net/api/v2';
const TEST_BASE = 'https://pay.chargily.net/test/api/v2';
const TIMEOUT_MS = 15_000;

// Chargily sends `[]` for empty metadata (a PHP empty array) and null for fees it has not computed yet.
const ZMetadata = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform((m) => {
    if (!m || Array.isArray(m)) return {} as Record<string, string>;
    return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, String(v)]));
  });
const ZMoney = z
  .number()
  .nullish()
  .transform((v) => v ?? 0);

export const ZChargilyCheckout = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'processing', 'paid', 'failed', 'canceled', 'expired']),
  amount: z.number(),
  currency: z.string(),
  livemode: z.boolean(),
  checkout_url: z.string(),
  metadata: ZMetadata,
  fees: ZMoney,
  fees_on_merchant: ZMoney,
  fees_on_customer: ZMoney,
  success_url: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  failure_url: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  webhook_endpoint: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});
export type TChargilyCheckout = z.infer<typeof ZChargilyCheckout>;

const ZBalance = z.object({ livemode: z.boolean() });

export type TChargilyMode = 'test' | 'live';

export type TCreateCheckout = {
  amount: number;
  successUrl: string;
  failureUrl?: string;
  webhookEndpoint?: string;
  locale: 'ar' | 'en' | 'fr';
  description?: string;
  metadata: Record<string, string>;
};

/** The base URL a key's mode uses: CHARGILY_API_BASE for both when set (read here so every caller agrees). */
export function chargilyBase(mode: TChargilyMode, override = process.env.CHARGILY_API_BASE): string {
  if (override) return override.replace(/\/+$/, '');
  return mode === 'live' ? LIVE_BASE : TEST_BASE;
}

export function chargilyClient({ secretKey, mode, apiBase }: { secretKey: string; mode: TChargilyMode; apiBase?: string }) {
  const base = chargilyBase(mode, apiBase ?? process.env.CHARGILY_API_BASE);
  async function call<T extends z.ZodType = typeof ZChargilyCheckout>(method: 'GET' | 'POST', path: string, body?: object, schema?: T): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${secretKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    if (response.status === 401) throw new AppError('PAYMENT_KEYS_INVALID');
    if (response.status === 422) throw new AppError('PAYMENT_PROVIDER_REJECTED');
    if (!response.ok) throw new AppError('PAYMENT_PROVIDER_ERROR', undefined, undefined, { status: String(response.status) });
    const parsed = (schema ?? ZChargilyCheckout).safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new AppError('PAYMENT_PROVIDER_ERROR');
    return parsed.data as z.infer<T>;
  }
  return {
    createCheckout(input: TCreateCheckout): Promise<TChargilyCheckout> {
      return call('POST', '/checkouts', {
        amount: input.amount,
        currency: 'dzd',
        success_url: input.successUrl,
        ...(input.failureUrl ? { failure_url: input.failureUrl } : {}),
        ...(input.webhookEndpoint ? { webhook_endpoint: input.webhookEndpoint } : {}),
        locale: input.locale,
        ...(input.description ? { description: input.description } : {}),
        metadata: input.metadata,
      });
    },
    getCheckout: (id: string): Promise<TChargilyCheckout> => call('GET', `/checkouts/${encodeURIComponent(id)}`),
    expireCheckout: (id: string): Promise<TChargilyCheckout> => call('POST', `/checkouts/${encodeURIComponent(id)}/expire`),
    /** Whether the key opens its account (GET /balance): PAYMENT_KEYS_INVALID when Chargily refuses it. */
    checkConnection: (): Promise<{ livemode: boolean }> => call('GET', '/balance', undefined, ZBalance),
  };
}

/** Chargily's webhook signature: the lowercase hex HMAC-SHA256 of the raw body under the secret key. */
export function verifyChargilySignature(rawBody: Buffer | string, signature: string | undefined, secretKey: string): boolean {
  if (!signature || !secretKey) return false;
  const expected = Buffer.from(createHmac('sha256', secretKey).update(rawBody).digest('hex'));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
