import { codeBatches } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { ownedRow } from '@server/core/db/owned-row';

export const ownBatch = (tx: TTx, teacherId: string, batchId: string) => ownedRow(tx, codeBatches, teacherId, batchId, 'BATCH_NOT_FOUND');
