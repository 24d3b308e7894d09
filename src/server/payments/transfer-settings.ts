import { eq } from 'drizzle-orm';
import { availableMethods, type TTransferSettings } from '@shared/schemas/transfer';
import { teacherPaymentSettings } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import type { TTransferDeps } from './transfer-deps';

/* The teacher's transfer details (holder, CCP and key, RIP, BaridiMob number, bank), kept in their payment settings row. */

const s = teacherPaymentSettings;

const DETAILS = {
  transferEnabled: s.transferEnabled,
  cardEnabled: s.cardEnabled,
  ccpHolder: s.ccpHolder,
  ccpNumber: s.ccpNumber,
  ccpKey: s.ccpKey,
  rip: s.rip,
  baridimobNumber: s.baridimobNumber,
  bankName: s.bankName,
  bankHolder: s.bankHolder,
  bankAccount: s.bankAccount,
};

export type TTransferDetails = Omit<TTransferSettings, 'transferEnabled'> & { transferEnabled: boolean; cardEnabled: boolean };

const EMPTY: TTransferDetails = {
  transferEnabled: false,
  cardEnabled: false,
  ccpHolder: null,
  ccpNumber: null,
  ccpKey: null,
  rip: null,
  baridimobNumber: null,
  bankName: null,
  bankHolder: null,
  bankAccount: null,
};

export async function transferDetails(tx: TTx, teacherId: string): Promise<TTransferDetails> {
  const [row] = await tx.select(DETAILS).from(s).where(eq(s.teacherId, teacherId));
  return row ?? EMPTY;
}

/** The teacher's form: what is saved, and which methods students are offered with it. */
export async function getTransferSettings({ db }: TTransferDeps, teacherId: string) {
  const details = await transferDetails(db, teacherId);
  return { ...details, methods: details.transferEnabled ? availableMethods(details) : [] };
}

export async function saveTransferSettings(deps: TTransferDeps, teacherId: string, input: TTransferSettings) {
  const now = deps.clock.now();
  await deps.db
    .insert(s)
    .values({ teacherId, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: s.teacherId, set: { ...input, updatedAt: now } });
  return getTransferSettings(deps, teacherId);
}

/** The details a student pays into for one method: only that method's fields. */
export function instructionsFor(details: TTransferDetails, method: string) {
  if (method === 'ccp') return { holder: details.ccpHolder, ccpNumber: details.ccpNumber, ccpKey: details.ccpKey };
  if (method === 'baridimob') return { holder: details.ccpHolder, rip: details.rip, baridimobNumber: details.baridimobNumber };
  return { holder: details.bankHolder, bankName: details.bankName, bankAccount: details.bankAccount };
}
