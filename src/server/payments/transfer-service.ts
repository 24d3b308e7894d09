import { bindDeps } from '@server/core/bind';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import { approveReceipt, pendingReceiptsCount, receiptFile, receiptsInbox, rejectReceipt } from './receipt-review';
import { receiptStorage } from './receipt-storage';
import { uploadReceipt } from './receipt-upload';
import type { TTransferDeps } from './transfer-deps';
import { transferNoticeJob } from './transfer-notices';
import { checkoutOptions, createTransferOrder, studentOrder } from './transfer-orders';
import { getTransferSettings, saveTransferSettings } from './transfer-settings';

/** CCP, BaridiMob and bank transfers with receipts (issue 13, decision 092): one instance per app. */
export function createTransfers({
  config,
  db,
  clock,
  jobs,
  mailer,
  notify,
}: {
  config: TConfig;
  db: Db;
  clock: TClock;
  jobs: TJobQueue;
  mailer: TMailer;
  notify?: TTransferDeps['notify'];
}) {
  const deps: TTransferDeps = { db, clock, jobs, mailer, config, storage: receiptStorage(config), notify };
  jobs.define(transferNoticeJob(deps));
  return bindDeps(deps, {
    getTransferSettings,
    saveTransferSettings,
    checkoutOptions,
    createTransferOrder,
    studentOrder,
    uploadReceipt,
    receiptsInbox,
    pendingReceiptsCount,
    receiptFile,
    approveReceipt,
    rejectReceipt,
  });
}

export type TTransfers = ReturnType<typeof createTransfers>;
