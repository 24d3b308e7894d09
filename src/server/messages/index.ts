import { bindDeps } from '@server/core/bind';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TNotify } from '@server/core/notify-port';
import { broadcastTargets, fanOut, fanOutJob, listBroadcasts, requeueStale, sendBroadcast, sweepJob } from './broadcasts';
import { attachmentFile, attachmentStorage, sendAttachment } from './attachments';
import type { TMessagesDeps } from './deps';
import { adminFeedback, answerFeedback, sendFeedback, teacherFeedback } from './feedback';
import { studentConversations, studentSend, studentThread, teacherConversations, teacherSend, teacherThread } from './threads';

/*
 * Conversations between a teacher and each of their students, and the teacher's broadcasts (issue 26). Every new
 * message tells the other side through the notification centre (`notify`, wired in services.ts).
 */
export { MESSAGE_ATTACHMENT_PATH, messagesApi } from './routes';

type TDomainDeps = { db: Db; clock: TClock; jobs: TJobQueue; notify: TNotify; config: Pick<TConfig, 's3' | 'dataDir'> };

export function createMessages({ db, clock, jobs, notify, config }: TDomainDeps) {
  const deps: TMessagesDeps = { db, clock, jobs, notify, storage: attachmentStorage(config) };
  jobs.define(fanOutJob(deps));
  jobs.define(sweepJob(deps));
  return bindDeps(deps, {
    teacherConversations,
    teacherThread,
    teacherSend,
    studentConversations,
    studentThread,
    studentSend,
    sendAttachment,
    attachmentFile,
    sendBroadcast,
    listBroadcasts,
    broadcastTargets,
    fanOut,
    requeueStale,
    sendFeedback,
    teacherFeedback,
    adminFeedback,
    answerFeedback,
  });
}

export type TMessages = ReturnType<typeof createMessages>;
