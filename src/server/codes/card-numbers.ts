import { and, eq, isNull, sql } from 'drizzle-orm';
import { activationCodes, codeBatches, teachers } from '@server/core/db/schema';
import type { Db } from '@server/core/db/client';
import { type TTx, executeNamed, textArray } from '@server/core/db/sql';
import { cardLinkHash, cardLinkToken, type TCodeKeys } from './crypto';

/*
 * Card numbers (`12-0137`: the batch's number on the platform, then the card's serial) and the QR links
 * printed on the cards (decisions 105 and 106).
 */

/**
 * Numbers the teacher's batches that have none yet, oldest first, after the highest number given. Batches
 * made before card numbers existed get theirs the first time the teacher's codes page or an export needs
 * them. Runs under the teacher's row lock, as batch generation does, so two numberings cannot collide.
 */
export async function numberBatches(tx: TTx, teacherId: string): Promise<void> {
  await tx.execute(
    sql`update code_batches b set number = n.number
      from (
        select id, (select coalesce(max(number), 0) from code_batches where teacher_id = ${teacherId}) + row_number() over (order by created_at, id) as number
        from code_batches where teacher_id = ${teacherId} and number is null
      ) n
      where b.id = n.id`,
  );
}

/** The same, in its own transaction, and only when a batch of the teacher still has no number (most calls: none). */
export async function ensureBatchNumbers(db: Db, teacherId: string): Promise<void> {
  const [unnumbered] = await db
    .select({ id: codeBatches.id })
    .from(codeBatches)
    .where(and(eq(codeBatches.teacherId, teacherId), isNull(codeBatches.number)))
    .limit(1);
  if (!unnumbered) return;
  await db.transaction(async (tx) => {
    await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
    await numberBatches(tx, teacherId);
  });
}

/** Gives the batch's cards printed before QR links their link hash (idempotent; the token is derived, not stored). */
export async function ensureCardLinks(db: TTx, keys: TCodeKeys, batchId: string): Promise<void> {
  const missing = await db
    .select({ id: activationCodes.id })
    .from(activationCodes)
    .where(and(eq(activationCodes.batchId, batchId), isNull(activationCodes.linkHash)));
  for (let i = 0; i < missing.length; i += 500) {
    const part = missing.slice(i, i + 500);
    await db.execute(
      sql`update activation_codes c set link_hash = v.h
        from unnest(${textArray(part.map((r) => r.id))}, ${textArray(part.map((r) => cardLinkHash(cardLinkToken(keys, r.id))))}) as v(id, h)
        where c.id = v.id::uuid and c.link_hash is null`,
    );
  }
}

/**
 * The platform's teacher and the card a typed card number names there, in one read (decision 136): the
 * card's code lookup value, and whether it still waits to be sold (its right code is then answered as wrong).
 * Null when no platform has that address; card_id null when the platform has no such card.
 */
export async function platformCard(db: Db, subdomain: string, card: { batch: number; serial: number }) {
  const [row] = await executeNamed<{
    id: string;
    plan: string;
    status: string;
    is_active: boolean;
    card_id: string | null;
    code_hmac: string | null;
    unsold: boolean | null;
  }>(
    db,
    sql`select t.id, t.plan, t.status, t.is_active, c.id as card_id, c.code_hmac, (b.activate_on_sale and c.sold_at is null) as unsold
      from teachers t
      left join code_batches b on b.teacher_id = t.id and b.number = ${card.batch}
      left join activation_codes c on c.batch_id = b.id and c.serial = ${card.serial}
      where lower(t.subdomain) = ${subdomain.toLowerCase()}`,
  );
  return row ?? null;
}

/** The card a scanned QR token opens on a platform; null when it names no card of that platform. */
export async function cardByLink(db: Db, teacherId: string, token: string) {
  const [row] = await executeNamed<{ id: string; code_hmac: string; last2: string }>(
    db,
    sql`select id, code_hmac, last2 from activation_codes where link_hash = ${cardLinkHash(token)} and teacher_id = ${teacherId}`,
  );
  return row ?? null;
}
