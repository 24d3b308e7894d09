import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/*
 * A local stand-in for Chargily Pay v2 (issue 13): the same REST API (Bearer test_sk_…/live_sk_…, POST /checkouts,
 * GET /checkouts/:id, POST /checkouts/:id/expire), a hosted payment page with Pay / Fail / Cancel buttons, and
 * webhooks signed as Chargily signs them (hex HMAC-SHA256 of the raw body under the secret key). Plain node:http
 * and erasable TypeScript only: Node 24 runs it directly (`node tests/support/chargily-stand-in.ts --port 4404`,
 * Playwright's second webServer, the demo's test payment page); integration tests import it.
 */

export type TStandInCheckout = {
  id: string;
  entity: 'checkout';
  livemode: boolean;
  amount: number;
  currency: string;
  fees: number;
  fees_on_merchant: number;
  fees_on_customer: number;
  chargily_pay_fees_allocation: 'merchant';
  status: 'pending' | 'processing' | 'paid' | 'failed' | 'canceled' | 'expired';
  locale: string;
  description: string | null;
  metadata: Record<string, string>;
  success_url: string;
  failure_url: string | null;
  webhook_endpoint: string | null;
  payment_method: string | null;
  checkout_url: string;
  created_at: number;
  updated_at: number;
};

type TEntry = { checkout: TStandInCheckout; secretKey: string };
type TOutcome = 'paid' | 'failed' | 'canceled';

const EXPIRY_SECONDS = 30 * 60;
// Chargily's published example: fees 1250 on 50000, i.e. 2.5 %, here on the merchant.
const feesOf = (amount: number) => Math.round(amount * 0.025);

export async function startChargilyStandIn({ port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {}) {
  const checkouts = new Map<string, TEntry>();
  let offsetMs = 0;
  /** Keys the stand-in refuses as Chargily refuses a revoked or mistyped key (tests add to it). */
  const rejectedKeys = new Set<string>();
  const nowSeconds = () => Math.floor((Date.now() + offsetMs) / 1000);
  let url = '';

  /** Pending checkouts older than 30 minutes (of this clock) are expired whenever they are looked at. */
  function current(id: string): TEntry | undefined {
    const entry = checkouts.get(id);
    if (entry && entry.checkout.status === 'pending' && nowSeconds() - entry.checkout.created_at >= EXPIRY_SECONDS) {
      entry.checkout.status = 'expired';
      entry.checkout.updated_at = nowSeconds();
    }
    return entry;
  }

  function signedEvent(checkoutId: string, type: string): { body: string; signature: string } {
    const entry = checkouts.get(checkoutId);
    if (!entry) throw new Error(`unknown checkout ${checkoutId}`);
    const t = nowSeconds();
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      entity: 'event',
      livemode: entry.checkout.livemode,
      type,
      data: entry.checkout,
      created_at: t,
      updated_at: t,
    };
    const body = JSON.stringify(event);
    return { body, signature: createHmac('sha256', entry.secretKey).update(body).digest('hex') };
  }

  /** Settles a checkout and sends its webhook (unless `webhook: false`): the answer of the webhook endpoint. */
  async function settle(checkoutId: string, outcome: TOutcome, options: { webhook?: boolean } = {}): Promise<Response> {
    const entry = current(checkoutId);
    if (!entry) throw new Error(`unknown checkout ${checkoutId}`);
    entry.checkout.status = outcome;
    entry.checkout.updated_at = nowSeconds();
    if (options.webhook === false || !entry.checkout.webhook_endpoint) return new Response(null, { status: 204 });
    const { body, signature } = signedEvent(checkoutId, `checkout.${outcome}`);
    return fetch(entry.checkout.webhook_endpoint, { method: 'POST', headers: { 'content-type': 'application/json', signature }, body });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/\/+$/, '');
    const pay = /^\/checkouts\/([^/]+)\/pay$/.exec(path);
    if (pay) return hostedPage(req, res, decodeURIComponent(pay[1]!));
    const key = /^Bearer ((test|live)_sk_\S+)$/.exec(req.headers.authorization ?? '');
    if (!key) return send(res, 401, { message: 'Unauthenticated.' });
    const secretKey = key[1]!;
    if (rejectedKeys.has(secretKey)) return send(res, 401, { message: 'Unauthenticated.' });
    if (req.method === 'GET' && path === '/balance') {
      return send(res, 200, {
        entity: 'balance',
        livemode: secretKey.startsWith('live_'),
        wallets: [{ currency: 'dzd', balance: 0, ready_for_payout: 0, on_hold: 0 }],
      });
    }
    const one = /^\/checkouts\/([^/]+)(\/expire)?$/.exec(path);
    if (req.method === 'POST' && path === '/checkouts') return create(res, secretKey, await readBody(req));
    if (one) {
      const entry = current(decodeURIComponent(one[1]!));
      // A checkout belongs to the account whose key created it: another account does not see it.
      if (!entry || entry.secretKey !== secretKey) return send(res, 404, { message: 'Not found.' });
      if (req.method === 'GET' && !one[2]) return send(res, 200, entry.checkout);
      if (req.method === 'POST' && one[2]) {
        if (entry.checkout.status === 'expired') return send(res, 400, { message: 'The checkout is already expired.' });
        if (entry.checkout.status !== 'pending') return send(res, 403, { message: 'Only pending checkouts can be expired.' });
        entry.checkout.status = 'expired';
        entry.checkout.updated_at = nowSeconds();
        return send(res, 200, entry.checkout);
      }
    }
    return send(res, 404, { message: 'Not found.' });
  }

  function create(res: http.ServerResponse, secretKey: string, raw: string) {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(raw || '{}') as Record<string, unknown>;
    } catch {
      return send(res, 400, { message: 'Malformed JSON.' });
    }
    const errors: Record<string, string[]> = {};
    if (!Number.isInteger(input.amount) || (input.amount as number) < 75) errors.amount = ['The amount must be an integer of at least 75.'];
    if (input.currency !== 'dzd') errors.currency = ['The selected currency is invalid.'];
    if (typeof input.success_url !== 'string' || !/^https?:\/\//.test(input.success_url)) errors.success_url = ['The success url field is required.'];
    if (Object.keys(errors).length) return send(res, 422, { message: 'The given data was invalid.', errors });
    const id = `01${randomBytes(12).toString('hex')}`;
    const amount = input.amount as number;
    const t = nowSeconds();
    const metadata = input.metadata && typeof input.metadata === 'object' ? (input.metadata as Record<string, string>) : {};
    const checkout: TStandInCheckout = {
      id,
      entity: 'checkout',
      livemode: secretKey.startsWith('live_'),
      amount,
      currency: 'dzd',
      fees: feesOf(amount),
      fees_on_merchant: feesOf(amount),
      fees_on_customer: 0,
      chargily_pay_fees_allocation: 'merchant',
      status: 'pending',
      locale: typeof input.locale === 'string' ? input.locale : 'ar',
      description: typeof input.description === 'string' ? input.description : null,
      metadata,
      success_url: input.success_url as string,
      failure_url: typeof input.failure_url === 'string' ? input.failure_url : null,
      webhook_endpoint: typeof input.webhook_endpoint === 'string' ? input.webhook_endpoint : null,
      payment_method: null,
      checkout_url: `${url}/checkouts/${id}/pay`,
      created_at: t,
      updated_at: t,
    };
    checkouts.set(id, { checkout, secretKey });
    return send(res, 200, checkout);
  }

  async function hostedPage(req: http.IncomingMessage, res: http.ServerResponse, id: string) {
    const entry = current(id);
    if (!entry) return send(res, 404, { message: 'Not found.' });
    if (req.method === 'POST') {
      const outcome = new URLSearchParams(await readBody(req)).get('outcome');
      if (entry.checkout.status === 'pending' && (outcome === 'paid' || outcome === 'failed' || outcome === 'canceled')) {
        await settle(id, outcome).catch(() => undefined);
      }
      const back = entry.checkout.status === 'paid' ? entry.checkout.success_url : (entry.checkout.failure_url ?? entry.checkout.success_url);
      res.writeHead(303, { location: back }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(entry.checkout));
  }

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    /** The API base (CHARGILY_API_BASE) and the origin of the hosted pages. */
    url,
    checkouts,
    rejectedKeys,
    settle,
    signedEvent,
    /** Moves this stand-in's clock (checkouts expire 30 minutes after creation). */
    advance(ms: number) {
      offsetMs += ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TChargilyStandIn = Awaited<ReturnType<typeof startChargilyStandIn>>;

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(checkout: TStandInCheckout): string {
  const mode = checkout.livemode ? 'LIVE (stand-in)' : 'TEST — no real money';
  const button = (outcome: string, label: string) => `<button name="outcome" value="${outcome}">${label}</button>`;
  const actions =
    checkout.status === 'pending'
      ? `<form method="post">${button('paid', 'Pay')} ${button('failed', 'Fail')} ${button('canceled', 'Cancel')}</form>`
      : `<p>Status: <strong>${escape(checkout.status)}</strong></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chargily Pay stand-in — ${mode}</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:2rem auto">
<p style="background:#fde68a;padding:.5rem 1rem;border-radius:.5rem;font-size:1.25rem"><strong>${mode}</strong>: a local stand-in for Chargily Pay. No card is charged.</p>
<p dir="rtl" lang="ar" style="background:#fde68a;padding:.5rem 1rem;border-radius:.5rem">صفحة دفع تجريبية: لا تُخصم أي أموال من أي بطاقة.</p>
<p lang="fr" style="background:#fde68a;padding:.5rem 1rem;border-radius:.5rem">Page de paiement de test : aucune carte n’est débitée.</p>
<h1>Chargily Pay</h1>
<p>${escape(checkout.description ?? '')}</p>
<p>Amount: <strong>${checkout.amount} DZD</strong></p>
${actions}
</body></html>`;
}

// Run directly: `node tests/support/chargily-stand-in.ts --port 4404`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : Number(process.env.PORT ?? 4404);
  const standIn = await startChargilyStandIn({ port });
  console.log(`Chargily stand-in on ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
