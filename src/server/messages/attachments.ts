import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { TConfig } from '@server/core/config';
import { conversations, messages } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { checkReceipt } from '@server/core/receipt-check';
import { localVideoStorage, s3VideoStorage, type TVideoStorage } from '@server/video';
import type { TMessagesDeps } from './deps';
import { belongs, postMessage, type TSide } from './threads';

/*
 * An image or a file in a conversation (issue 26, decision 182): exactly the transfer receipts' checks
 * (core/receipt-check.ts: JPEG/PNG/WebP re-encoded to WebP, or a PDF with no script, launch action or embedded file;
 * the declared type and name count for nothing) and the same storage (local DATA_DIR/messages or the S3 bucket under
 * messages/), under a key made of ids. Served only to the two sides of the conversation.
 */
export type TAttachmentStorage = Pick<TVideoStorage, 'put' | 'get'>;

export function attachmentStorage(config: Pick<TConfig, 's3' | 'dataDir'>): TAttachmentStorage {
  if (!config.s3) return localVideoStorage(path.join(config.dataDir, 'messages'));
  const bucket = s3VideoStorage(config.s3);
  return { put: (key, body) => bucket.put(`messages/${key}`, body), get: (key) => bucket.get(`messages/${key}`) };
}

/** Checks and stores the file, then posts it as a message (with an optional caption). */
export async function sendAttachment(deps: TMessagesDeps, teacherId: string, studentId: string, from: TSide, bytes: Buffer, caption: string) {
  if (!(await belongs(deps, teacherId, studentId))) throw new AppError('NOT_FOUND');
  const checked = await checkReceipt(bytes);
  const key = `${teacherId}/${randomUUID()}.${checked.ext}`;
  await deps.storage.put(key, checked.bytes);
  return postMessage(deps, teacherId, studentId, from, caption, { attachmentKey: key, attachmentMime: checked.mime, attachmentSize: checked.bytes.length });
}

/** The file of a message in this pair's conversation; anything else is "not found". */
export async function attachmentFile(deps: TMessagesDeps, teacherId: string, studentId: string, messageId: string) {
  if (!(await belongs(deps, teacherId, studentId))) throw new AppError('NOT_FOUND');
  const [row] = await deps.db
    .select({ key: messages.attachmentKey, mime: messages.attachmentMime })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.id, messageId), eq(conversations.teacherId, teacherId), eq(conversations.studentId, studentId)));
  if (!row?.key || !row.mime) throw new AppError('NOT_FOUND');
  const file = await deps.storage.get(row.key);
  if (!file) throw new AppError('NOT_FOUND');
  return { ...file, mime: row.mime, name: `attachment-${messageId}.${row.mime === 'application/pdf' ? 'pdf' : 'webp'}` };
}
