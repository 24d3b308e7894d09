import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChargilyStandIn, type TChargilyStandIn } from '../../../tests/support/chargily-stand-in';
import { chargilyClient, verifyChargilySignature } from './chargily';
import { AppError } from './errors';
import { secretBox } from './secret-box';

let standIn: TChargilyStandIn;
beforeAll(async () => {
  standIn = await startChargilyStandIn();
});
afterAll(() => standIn.close());

const input = { amount: 2500, successUrl: 'http://darsi.test/back', locale: 'ar' as const, metadata: { order_id: 'o-1' } };
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : e),
  );

describe('Chargily client (against the stand-in)', () => {
  it('creates, reads and expires a checkout in whole DZD, test mode from a test key', async () => {
    const client = chargilyClient({ secretKey: 'test_sk_unit', mode: 'test', apiBase: standIn.url });
    const created = await client.createCheckout(input);
    expect(created).toMatchObject({ status: 'pending', amount: 2500, currency: 'dzd', livemode: false, metadata: { order_id: 'o-1' } });
    expect((await client.getCheckout(created.id)).id).toBe(created.id);
    expect((await client.expireCheckout(created.id)).status).toBe('expired');
  });

  it('turns refusals into app errors: bad key, amount under 75, a checkout that is not pending', async () => {
    expect(await codeOf(chargilyClient({ secretKey: 'sk_wrong', mode: 'test', apiBase: standIn.url }).createCheckout(input))).toBe('PAYMENT_KEYS_INVALID');
    const client = chargilyClient({ secretKey: 'live_sk_unit', mode: 'live', apiBase: standIn.url });
    expect(await codeOf(client.createCheckout({ ...input, amount: 50 }))).toBe('PAYMENT_PROVIDER_REJECTED');
    const paid = await client.createCheckout(input);
    await standIn.settle(paid.id, 'paid');
    expect(await codeOf(client.expireCheckout(paid.id))).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await codeOf(chargilyClient({ secretKey: 'x', mode: 'live', apiBase: 'http://127.0.0.1:1' }).getCheckout('a'))).toBe('PAYMENT_PROVIDER_ERROR');
  });

  it('verifies webhook signatures on the raw body with the key that made the checkout', async () => {
    const client = chargilyClient({ secretKey: 'test_sk_sign', mode: 'test', apiBase: standIn.url });
    const { id } = await client.createCheckout(input);
    const { body, signature } = standIn.signedEvent(id, 'checkout.paid');
    expect(verifyChargilySignature(body, signature, 'test_sk_sign')).toBe(true);
    expect(verifyChargilySignature(Buffer.from(body), signature, 'test_sk_sign')).toBe(true);
    expect(verifyChargilySignature(body.replace('2500', '2501'), signature, 'test_sk_sign')).toBe(false);
    expect(verifyChargilySignature(body, signature, 'test_sk_other')).toBe(false);
    expect(verifyChargilySignature(body, undefined, 'test_sk_sign')).toBe(false);
    expect(verifyChargilySignature(body, 'abc', 'test_sk_sign')).toBe(false);
  });
});

describe('secret box', () => {
  it('seals so that only the same secret opens, and a changed value fails', () => {
    const box = secretBox('s'.repeat(32));
    const sealed = box.sealSecret('test_sk_abcdef');
    expect(sealed).not.toContain('test_sk');
    expect(box.openSecret(sealed)).toBe('test_sk_abcdef');
    expect(() => secretBox('t'.repeat(32)).openSecret(sealed)).toThrow();
    expect(() => box.openSecret(`${sealed.slice(0, -2)}AA`)).toThrow();
  });
});
