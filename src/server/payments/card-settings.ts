import { eq } from 'drizzle-orm';
import type { TCardSettingsInput, TChargilyMode } from '@shared/schemas/payments';
import { chargilyClient } from '@server/core/chargily';
import { teacherPaymentSettings } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';
import type { TPaymentsDeps } from './deps';

/*
 * The teacher's own Chargily account (issue 13): a test and a live secret key, sealed at rest (core/secret-box)
 * and never sent back; the page sees the last four characters only. The mode says which key new checkouts use.
 */

type TSettingsRow = typeof teacherPaymentSettings.$inferSelect;

export async function settingsRow(tx: TTx, teacherId: string): Promise<TSettingsRow | null> {
  const [row] = await tx.select().from(teacherPaymentSettings).where(eq(teacherPaymentSettings.teacherId, teacherId));
  return row ?? null;
}

/** The teacher's secret key of a mode, opened; null when there is none (or it no longer opens). */
export function keyOf(deps: Pick<TPaymentsDeps, 'box'>, row: TSettingsRow | null, mode: TChargilyMode): string | null {
  const sealed = mode === 'live' ? row?.chargilyLiveKeyEnc : row?.chargilyTestKeyEnc;
  if (!sealed) return null;
  try {
    return deps.box.openSecret(sealed);
  } catch {
    return null;
  }
}

/** A Chargily client for a teacher's key of one mode. */
export function clientFor(deps: Pick<TPaymentsDeps, 'config'>, secretKey: string, mode: TChargilyMode) {
  return chargilyClient({ secretKey, mode, apiBase: deps.config.chargilyApiBase });
}

const last4 = (key: string | null) => (key ? { last4: key.slice(-4) } : null);

export async function cardSettings(deps: TPaymentsDeps, teacherId: string) {
  const row = await settingsRow(deps.db, teacherId);
  const mode = (row?.chargilyMode ?? 'test') as TChargilyMode;
  return {
    mode,
    enabled: row?.cardEnabled ?? false,
    testKey: last4(keyOf(deps, row, 'test')),
    liveKey: last4(keyOf(deps, row, 'live')),
  };
}

export async function saveCardSettings(deps: TPaymentsDeps, teacherId: string, input: TCardSettingsInput & { testKey?: string; liveKey?: string }) {
  const row = await settingsRow(deps.db, teacherId);
  const keyForMode = input.mode === 'live' ? (input.liveKey ?? keyOf(deps, row, 'live')) : (input.testKey ?? keyOf(deps, row, 'test'));
  if (input.enabled && !keyForMode) throw new AppError('PAYMENT_KEY_MISSING', { [input.mode === 'live' ? 'liveKey' : 'testKey']: 'fields.required' });
  const values = {
    chargilyMode: input.mode,
    cardEnabled: input.enabled,
    ...(input.testKey ? { chargilyTestKeyEnc: deps.box.sealSecret(input.testKey) } : {}),
    ...(input.liveKey ? { chargilyLiveKeyEnc: deps.box.sealSecret(input.liveKey) } : {}),
    updatedAt: deps.clock.now(),
  };
  await deps.db
    .insert(teacherPaymentSettings)
    .values({ teacherId, ...values })
    .onConflictDoUpdate({ target: teacherPaymentSettings.teacherId, set: values });
  return cardSettings(deps, teacherId);
}

/** "Check connection": asks Chargily whether the key of the chosen mode opens its account. */
export async function checkCardConnection(deps: TPaymentsDeps, teacherId: string, mode: TChargilyMode) {
  const key = keyOf(deps, await settingsRow(deps.db, teacherId), mode);
  if (!key) throw new AppError('PAYMENT_KEY_MISSING', { [mode === 'live' ? 'liveKey' : 'testKey']: 'fields.required' });
  const { livemode } = await clientFor(deps, key, mode).checkConnection();
  // A test key saved as the live one (or the reverse) would take real money in test mode's name.
  if (livemode !== (mode === 'live')) throw new AppError('PAYMENT_KEYS_INVALID');
  return { ok: true as const, mode };
}
