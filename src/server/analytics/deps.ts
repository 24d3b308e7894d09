import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';
import type { TQuizzes } from '@server/quizzes';

/** What the analytics domain's use cases run on (wired once in services.ts); item analysis is the quizzes domain's. */
export type TAnalyticsDeps = { db: Db; clock: TClock; itemAnalysis: TQuizzes['results']['itemAnalysis'] };
