import type { Logger } from 'pino';
import { bindDeps } from '@server/core/bind';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import { resolvePaymentsSecret, secretBox } from '@server/core/secret-box';
import { paymentOptions, startCardOrder } from './card-checkout';
import { cardSettings, checkCardConnection, saveCardSettings } from './card-settings';
import type { TPaymentsDeps } from './deps';
import { orderMailJob } from './order-mail';
import { pollCardCheckouts, pollCheckoutsJob } from './poll-checkouts';
import { studentOrderView } from './refresh';
import { handleChargilyWebhook } from './webhook';

/*
 * The payments domain (issue 13): each teacher's payment settings, students' orders paid by card (Chargily Pay
 * v2) or by transfer with a receipt, and the webhooks and jobs that settle them. The revenue ledger's writer is
 * core/ledger.ts, shared with the other domains that take money. Other domains import this file only.
 */

export { paymentsApi } from './routes';

type TPaymentsDomainDeps = { config: TConfig; db: Db; clock: TClock; jobs: TJobQueue; mailer: TMailer; logger: Logger; notify?: TPaymentsDeps['notify'] };

export function createPayments({ config, db, clock, jobs, mailer, logger, notify }: TPaymentsDomainDeps) {
  const deps: TPaymentsDeps = { db, clock, config, jobs, mailer, box: secretBox(resolvePaymentsSecret(config)), notify };
  jobs.define(orderMailJob(deps));
  jobs.define(pollCheckoutsJob(deps, logger));
  return {
    ...bindDeps(deps, { cardSettings, saveCardSettings, checkCardConnection, paymentOptions, startCardOrder, studentOrderView, handleChargilyWebhook }),
    /** The polling job's run, for tests that move the clock. */
    pollCardCheckouts: () => pollCardCheckouts(deps, logger),
  };
}

export type TPayments = ReturnType<typeof createPayments>;
// CCP, BaridiMob and bank transfers with receipts (decision 092): their own service and routes, mounted in app.ts.
export { createTransfers } from './transfer-service';
export { RECEIPT_UPLOAD_PREFIX } from './transfer-routes';
