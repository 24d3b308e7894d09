// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const ZForm = z.object({ email: z.email('fields.email'), password: z.string().min(1, 'fields.required') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema on the first interaction, once, and validates like zodResolver', async () => {
    const load = vi.fn(async () => ZForm);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(load).toHaveBeenCalledTimes(1);

    const bad = await resolver({ email: 'nope', password: '' }, undefined, options);
    expect(bad.values).toEqual({});
    expect(bad.errors).toMatchObject({ email: { message: 'fields.email' }, password: { message: 'fields.required' } });
    const good = await resolver({ email: 'a@b.dz', password: 'x' }, undefined, options);
    expect(good).toEqual({ values: { email: 'a@b.dz', password: 'x' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on the first validation when nothing was touched, and retries a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(ZForm);
    const resolver = lazyZodResolver(load);
    await expect(resolver({ email: 'a@b.dz', password: 'x' }, undefined, options)).rejects.toThrow('offline');
    expect((await resolver({ email: 'a@b.dz', password: 'x' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
