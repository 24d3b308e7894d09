import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TNotify } from '@server/core/notify-port';
import type { TAttachmentStorage } from './attachments';

export type TMessagesDeps = { db: Db; clock: TClock; jobs: Pick<TJobQueue, 'send' | 'define'>; notify: TNotify; storage: TAttachmentStorage };
