import type { TAuth, TGuards } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TFilesStore } from '@server/courses';
import type { TLandingService } from './index';

/** What the landing routes, the viewer and the fast path are built from (wired in src/server/services.ts). */
export type TLandingAppDeps = {
  config: TConfig;
  db: Db;
  auth: TAuth;
  guards: TGuards;
  landing: TLandingService;
  /** Lesson files: a free preview's PDF is served on the teacher's platform without an account. */
  courses: { files: TFilesStore };
};
