// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '@web/app/providers';
import { notify } from './notify';

const sleep = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'ar', resources: { ar: { common: {} } }, defaultNS: 'common' });
});
// Sonner closes toasts on timers: dismiss every toast and let its timers run out before unmounting, or one fires
// after the test environment is gone (a flaky "window is not defined" at the end of the run).
afterAll(async () => {
  const { toast } = await import('sonner');
  await act(async () => {
    toast.dismiss();
  });
  await sleep(1_000);
  cleanup();
  await sleep(100);
});

describe('notify', () => {
  it('mounts the Toaster for the first toast only, and keeps success 2 s and errors 4 s', { timeout: 15_000 }, async () => {
    render(<Providers>{null}</Providers>);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    await act(async () => notify.success('تم الحفظ'));
    await screen.findByText('تم الحفظ');
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();
    await act(async () => notify.error('حدث خطأ'));
    await screen.findByText('حدث خطأ');

    await sleep(1_500);
    expect(screen.queryByText('تم الحفظ')).not.toBeNull();
    await sleep(1_200);
    expect(screen.queryByText('تم الحفظ')).toBeNull();
    expect(screen.queryByText('حدث خطأ')).not.toBeNull();
    await sleep(2_000);
    expect(screen.queryByText('حدث خطأ')).toBeNull();
  });

  it('keeps at most 20 toasts, dismissing the oldest', async () => {
    for (let i = 1; i <= 25; i += 1) await act(async () => notify.info(`رسالة ${i}`));
    await screen.findByText('رسالة 25');
    const { toast } = await import('sonner');
    // The list itself, not what is shown: the Toaster's visibleToasts would hide the extra ones anyway.
    expect(toast.getToasts().map((t) => ('title' in t ? t.title : null))).toEqual(Array.from({ length: 20 }, (_, i) => `رسالة ${i + 6}`));
  });
});
