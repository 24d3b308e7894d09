import { bindDeps } from '@server/core/bind';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TNotify } from '@server/core/notify-port';
import { waitingCodesMailJob } from './waiting-mail';
import { cardsPdfCleanupJob, cardsPdfFile, cardsPdfJob, cardsPdfStatus, startCardsPdf } from './cards-export';
import { confirmWaiting, waitingLink } from './confirm-link';
import { confirmRequest, listRequests, pendingRequests, rejectRequest, studentRequests } from './code-requests';
import { reopenGuessing, safety } from './code-safety';
import { deriveCodeKeys, resolveCodesSecret } from './crypto';
import type { TCodesDeps } from './deps';
import { createGate } from './gate';
import { generateBatch } from './generate-batch';
import { CARD_GUESSING, GUESS_RISK, REDEMPTION_LIMITS, SETTLE, type TRedemptionLimits } from './limits';
import { batchCodesInClear, listBatches, listCodes } from './list-codes';
import { redeem } from './redeem-code';
import { redeemByLink } from './redeem-card';
import { markSold, revokeBatch, revokeCode } from './revoke-codes';
import { markSoldMany, unmarkSold } from './sales';
import { sendToTeacher } from './send-to-teacher';

/*
 * The activation codes domain: batches of six-digit codes (generate, list, export, revoke, sell) and their
 * redemption by students, immediate or confirmed by the teacher (decision 031). Other domains import this
 * file only.
 */

export { cardLinkPage, codesApi } from './routes';

export function createCodes({
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
  notify?: TNotify;
}) {
  const limits: TRedemptionLimits = structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK, settle: SETTLE, card: CARD_GUESSING });
  const deps: TCodesDeps = { db, clock, config, jobs, mailer, keys: deriveCodeKeys(resolveCodesSecret(config)), limits, gate: createGate(), notify };
  // PDF cards are printed by a job (decision 056), and their files deleted after an hour.
  jobs.define(cardsPdfJob(deps));
  jobs.define(cardsPdfCleanupJob(deps));
  jobs.define(waitingCodesMailJob(deps));
  return {
    batches: bindDeps(deps, { generateBatch, listBatches, listCodes, batchCodesInClear, revokeBatch, revokeCode, markSold, markSoldMany, unmarkSold }),
    exports: bindDeps(deps, { startCardsPdf, cardsPdfStatus, cardsPdfFile }),
    redemption: {
      limits,
      ...bindDeps(deps, {
        safety,
        reopenGuessing,
        redeem,
        redeemByLink,
        sendToTeacher,
        studentRequests,
        listRequests,
        pendingRequests,
        confirmRequest,
        rejectRequest,
        waitingLink,
        confirmWaiting,
      }),
    },
  };
}

export type TCodes = ReturnType<typeof createCodes>;
