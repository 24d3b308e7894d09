import { bindDeps } from '@server/core/bind';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { confirmRequest, listRequests, rejectRequest, studentRequests } from './code-requests';
import { safety } from './code-safety';
import { deriveCodeKeys, resolveCodesSecret } from './crypto';
import type { TCodesDeps } from './deps';
import { generateBatch } from './generate-batch';
import { GUESS_RISK, REDEMPTION_LIMITS, type TRedemptionLimits } from './limits';
import { batchCodesInClear, listBatches, listCodes } from './list-codes';
import { redeem } from './redeem-code';
import { markSold, revokeBatch, revokeCode } from './revoke-codes';

/*
 * The activation codes domain: batches of six-digit codes (generate, list, export, revoke, sell) and their
 * redemption by students, immediate or confirmed by the teacher (decision 031). Other domains import this
 * file only.
 */

export { codeStudentRoutes, codeTeacherRoutes } from './routes';

export function createCodes({ config, db, clock }: { config: TConfig; db: Db; clock: TClock }) {
  const limits: TRedemptionLimits = structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK });
  const deps: TCodesDeps = { db, clock, config, keys: deriveCodeKeys(resolveCodesSecret(config)), limits };
  return {
    batches: bindDeps(deps, { generateBatch, listBatches, listCodes, batchCodesInClear, revokeBatch, revokeCode, markSold }),
    redemption: { limits, ...bindDeps(deps, { safety, redeem, studentRequests, listRequests, confirmRequest, rejectRequest }) },
  };
}

export type TCodes = ReturnType<typeof createCodes>;
