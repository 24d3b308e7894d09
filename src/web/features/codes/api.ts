import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, type TJson } from '@web/lib/api';
import { courseKeys } from '@web/lib/course-queries';

const codesTeacher = api.codes.teacher;
const codesStudent = api.codes.student;

export const batchesQuery = (courseId: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['courses', 'batches', courseId ?? 'all', page],
    queryFn: () => unwrap(codesTeacher.batches.$get({ query: { ...(courseId ? { courseId } : {}), page: String(page) } })),
    staleTime: 0,
  });

export const codesQuery = (batchId: string, filter: { state: string; serial: string }, page: number) =>
  queryOptions({
    queryKey: ['courses', 'codes', batchId, filter, page],
    queryFn: () =>
      unwrap(
        codesTeacher.batches[':batchId'].codes.$get({
          param: { batchId },
          query: {
            ...(filter.state ? { state: filter.state as never } : {}),
            ...(filter.serial ? { serial: filter.serial } : {}),
            page: String(page),
            pageSize: '50',
          },
        }),
      ),
    staleTime: 0,
  });

/** The batch's PDF cards being printed (or ready): polled every second while a render runs. */
export const cardsExportQuery = (batchId: string) =>
  queryOptions({
    queryKey: ['courses', 'cards-export', batchId],
    queryFn: () => unwrap(codesTeacher.batches[':batchId'].export.pdf.$get({ param: { batchId } })).then((r) => r.export),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && status !== 'ready' && status !== 'failed' ? 1000 : false;
    },
  });

export type TCodeRequests = InferResponseType<(typeof codesTeacher)['code-requests']['$get'], 200>;

export const codeRequestsQuery = queryOptions({
  queryKey: ['courses', 'code-requests'],
  queryFn: () => unwrap(codesTeacher['code-requests'].$get({ query: {} })),
  staleTime: 0,
});

/** The student's codes sent to the teacher of this platform (teacher-confirmed mode, decision 031). */
export const myCodeRequestsQuery = (platform: string | undefined) =>
  queryOptions({
    queryKey: [...courseKeys.myCodeRequests, platform ?? ''],
    queryFn: () => unwrap(codesStudent['code-requests'].$get({ query: platform ? { platform } : {} })),
    staleTime: 0,
  });

/** The changes a teacher or a student makes; callers refresh with courseKeys once done. */
export const codesApi = {
  generateBatch: (json: TJson<typeof codesTeacher.batches.$post>) => unwrap(codesTeacher.batches.$post({ json })),
  revokeBatch: (batchId: string) => unwrap(codesTeacher.batches[':batchId'].revoke.$post({ param: { batchId } })),
  markSold: (codeId: string) => unwrap(codesTeacher.codes[':codeId'].sold.$post({ param: { codeId } })),
  markSoldMany: (batchId: string, json: TJson<(typeof codesTeacher.batches)[':batchId']['sold']['$post']>) =>
    unwrap(codesTeacher.batches[':batchId'].sold.$post({ param: { batchId }, json })),
  unmarkSold: (codeId: string) => unwrap(codesTeacher.codes[':codeId'].unsold.$post({ param: { codeId } })),
  printCards: (batchId: string) => unwrap(codesTeacher.batches[':batchId'].export.pdf.$post({ param: { batchId } })),
  sendCodeToTeacher: (json: TJson<(typeof codesStudent)['code-requests']['$post']>) => unwrap(codesStudent['code-requests'].$post({ json })),
  revokeCode: (codeId: string) => unwrap(codesTeacher.codes[':codeId'].revoke.$post({ param: { codeId } })),
  confirmCodeRequest: (requestId: string) => unwrap(codesTeacher['code-requests'][':requestId'].confirm.$post({ param: { requestId } })),
  /** The waiting-codes e-mail's link (decision 137): what it names (reads only), then one click confirms them all. */
  waitingLink: (token: string) => unwrap(codesTeacher['code-requests']['mail-link'].$post({ json: { token } })),
  confirmAllCodeRequests: (token?: string) => unwrap(codesTeacher['code-requests']['confirm-all'].$post({ json: token ? { token } : {} })),
  rejectCodeRequest: (requestId: string) => unwrap(codesTeacher['code-requests'][':requestId'].reject.$post({ param: { requestId } })),
  reopenGuessing: () => unwrap(codesTeacher['code-safety'].reopen.$post()),
  redeem: (json: TJson<typeof codesStudent.redeem.$post>) => unwrap(codesStudent.redeem.$post({ json })),
  /** A card's QR link (decision 106): the token from the link's fragment. */
  redeemLink: (json: TJson<(typeof codesStudent)['redeem-link']['$post']>) => unwrap(codesStudent['redeem-link'].$post({ json })),
};

/** Downloads are links, not fetches: the browser sends the session cookie and saves the file. */
export const exportPaths = {
  batch: (batchId: string, format: 'csv' | 'pdf') =>
    `/api${format === 'csv' ? codesTeacher.batches[':batchId'].export.csv.$path({ param: { batchId } }) : codesTeacher.batches[':batchId'].export.pdf.$path({ param: { batchId } })}`,
  /** The PDF cards once printed (decision 056). */
  cards: (batchId: string) => `/api${codesTeacher.batches[':batchId'].export.pdf.file.$path({ param: { batchId } })}`,
};
