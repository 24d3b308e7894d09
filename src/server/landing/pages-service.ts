import { editPages } from './edit-pages';
import { findPages } from './find-pages';
import { pageContext, type TPagesDeps } from './page-context';
import { publishPages } from './publish-pages';

/** The teacher's landing pages: the use cases of edit-pages, publish-pages and find-pages under one name. */
export function landingPagesService(deps: TPagesDeps) {
  const ctx = pageContext(deps);
  return { ensureMain: ctx.ensureMain, ...editPages(ctx), ...publishPages(ctx), ...findPages(deps.db) };
}

export type TLandingPagesService = ReturnType<typeof landingPagesService>;
