import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';
import type { TNotify } from '@server/core/notify-port';
import type { TLearning } from '@server/learning';
import type { TVideoStorage } from '@server/video';

/** What the quizzes domain's use cases run on (wired once in index.ts). */
export type TQuizzesDeps = {
  db: Db;
  clock: TClock;
  /** Handwritten working (photos, PDFs): the receipts' storage interface, under quizzes/. */
  storage: Pick<TVideoStorage, 'put' | 'get' | 'remove'>;
  /** The learning domain: may the student open this outline item now; a submitted attempt completes it. */
  learning: Pick<TLearning, 'openLesson' | 'completeQuiz'>;
  /** The courses domain: removing a quiz removes its outline item (the quiz row goes with it). */
  removeItem: (teacherId: string, lessonId: string) => Promise<unknown>;
  /** The notification centre (issue 26): a graded attempt. */
  notify?: TNotify;
};

/** Where the request came from: a teacher's host only serves that teacher's courses. */
export type TWhere = { hostSubdomain: string | null };
