import { bindDeps } from '@server/core/bind';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import { resolvePaymentsSecret, secretBox } from '@server/core/secret-box';
import type { TPaymentsDeps } from './deps';

/*
 * The payments domain (issue 13): each teacher's payment settings, students' orders paid by card (Chargily Pay
 * v2) or by transfer with a receipt, and the webhooks and jobs that settle them. The revenue ledger's writer is
 * core/ledger.ts, shared with the other domains that take money. Other domains import this file only.
 */

type TPaymentsDomainDeps = { config: TConfig; db: Db; clock: TClock; jobs: TJobQueue; mailer: TMailer };

export function createPayments({ config, db, clock, jobs, mailer }: TPaymentsDomainDeps) {
  const deps: TPaymentsDeps = { db, clock, config, jobs, mailer, box: secretBox(resolvePaymentsSecret(config)) };
  return bindDeps(deps, {});
}
