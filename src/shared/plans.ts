/**
 * Darsi's subscription plans (spec §9): prices in Algerian dinars (DZD). `annual` is the price of a
 * whole year; `savePercent` is what the annual price saves against twelve monthly payments. `null`
 * means unlimited. Enforcement of the limits belongs to the features that count them.
 */
export const PLAN_IDS = ['independent', 'academy', 'institution'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];

export type TPlan = {
  id: TPlanId;
  monthly: number;
  annual: number;
  savePercent: number;
  students: number | null;
  courses: number | null;
  storageGb: number;
  /** Assistants (academy) or assistants and teachers (institution). */
  staff: number;
  isPopular: boolean;
};

export const PLANS: readonly TPlan[] = [
  { id: 'independent', monthly: 3_000, annual: 30_600, savePercent: 15, students: 100, courses: 7, storageGb: 15, staff: 0, isPopular: false },
  { id: 'academy', monthly: 5_900, annual: 53_100, savePercent: 25, students: 350, courses: 20, storageGb: 30, staff: 3, isPopular: true },
  { id: 'institution', monthly: 12_000, annual: 108_000, savePercent: 25, students: null, courses: null, storageGb: 100, staff: 10, isPopular: false },
];

export const FREE_TRIAL_DAYS = 5;

/** Spec §9: the payment methods Darsi names (the domestic card is Algeria's CIB / Edahabia). */
export const PAYMENT_METHODS = ['card', 'cashOnDelivery', 'bankTransfer', 'postalTransfer'] as const;

/** Demo figures of the features showcase (spec §2.1), in dinars: monthly, yearly, one-time. */
export const SHOWCASE_DEMO_PRICES = { monthly: 3_000, yearly: 5_000, oneTime: 8_000 } as const;
