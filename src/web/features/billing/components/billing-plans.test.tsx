// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import fs from 'node:fs';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TBillingOverview } from '@web/features/billing/api';
import { BillingPlans } from './billing-plans';

const read = (ns: string) => JSON.parse(fs.readFileSync(`public/locales/ar/${ns}.json`, 'utf8')) as Record<string, unknown>;
const billing = read('billing') as { page: Record<string, string> };

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'ar', resources: { ar: { billing, dashboard: read('dashboard'), common: read('common') } }, defaultNS: 'billing' });
});
afterEach(cleanup);

const quote = (plan: string, period: string) => ({
  plan,
  period,
  kind: 'new',
  priceDzd: 3000,
  creditDzd: 0,
  amountDzd: 3000,
  bonusDays: 0,
  periodDays: 30,
  endsAt: '2026-12-28T10:00:00.000Z',
  broken: [],
});

function overview(payment: Pick<TBillingOverview, 'card' | 'transfer'>): TBillingOverview {
  const quotes = ['independent', 'academy', 'institution'].flatMap((plan) => ['monthly', 'annual'].map((period) => quote(plan, period)));
  return { status: 'trial', plan: 'independent', period: null, trialDaysLeft: 3, quotes, ...payment } as unknown as TBillingOverview;
}

function show(o: TBillingOverview) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BillingPlans overview={o} />
    </QueryClientProvider>,
  );
}

describe('the billing page’s ways to pay (issue 24)', () => {
  it('without card or transfer settings: no dead button, the teacher learns what to do and the operator what to set', () => {
    show(overview({ card: false, transfer: null }));
    expect(screen.queryByTestId('pay-card')).toBeNull();
    expect(screen.getByTestId('billing-no-payment').textContent).toContain(billing.page.noPayment);
    expect(screen.getByTestId('billing-operator-hint').textContent).toContain('CHARGILY_SECRET_KEY');
    expect(screen.getByRole('link', { name: billing.page.contact }).getAttribute('href')).toBe('/contact');
  });

  it('with transfers only: the transfer button and why the card is off', () => {
    show(overview({ card: false, transfer: { holder: 'Darsi', ccpAccount: '001', rip: null, baridimob: null } }));
    expect(screen.getByTestId('pay-transfer')).toBeTruthy();
    expect(screen.getByText(billing.page.cardOffTransfer!)).toBeTruthy();
    expect(screen.queryByTestId('billing-no-payment')).toBeNull();
  });

  it('during the trial, says before payment that the remaining trial days are given up', () => {
    show(overview({ card: true, transfer: null }));
    expect(screen.getByTestId('trial-forfeit').textContent).toBe(billing.page.trialForfeit!.replace('{{days}}', '3'));
    expect(screen.getByTestId('plan-period').textContent).toContain('2026');
  });
});
