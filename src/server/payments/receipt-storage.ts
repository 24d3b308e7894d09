import path from 'node:path';
import type { TConfig } from '@server/core/config';
import { localVideoStorage, s3VideoStorage, type TVideoStorage } from '@server/video';

/*
 * Receipts go through the same small storage interface as processed video (decision 065): local disk under
 * DATA_DIR/receipts by default, the S3 bucket under receipts/ when S3 is configured. Keys are built from ids
 * (`{teacherId}/{receiptId}.{ext}`), never from a file name the student sent.
 */

export type TReceiptStorage = Pick<TVideoStorage, 'put' | 'get'>;

export function receiptStorage(config: Pick<TConfig, 's3' | 'dataDir'>): TReceiptStorage {
  if (!config.s3) return localVideoStorage(path.join(config.dataDir, 'receipts'));
  const bucket = s3VideoStorage(config.s3);
  return { put: (key, body) => bucket.put(`receipts/${key}`, body), get: (key) => bucket.get(`receipts/${key}`) };
}
