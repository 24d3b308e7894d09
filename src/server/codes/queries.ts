import { and, eq } from 'drizzle-orm';
import { codeBatches } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';

export async function ownBatch(tx: TTx, teacherId: string, batchId: string) {
  const [batch] = await tx
    .select()
    .from(codeBatches)
    .where(and(eq(codeBatches.id, batchId), eq(codeBatches.teacherId, teacherId)));
  if (!batch) throw new AppError('BATCH_NOT_FOUND');
  return batch;
}
