import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';

export type TLearningDeps = { db: Db; clock: TClock };
