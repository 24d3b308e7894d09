import { lessonVideoView } from '@shared/schemas/video';
import type { coursePlans, lessons, lessonVideos } from '@server/core/db/schema';
import { iso } from '@server/core/dates';

export function coverUrl(course: { id: string; coverKey: string | null; updatedAt: Date }): string | null {
  return course.coverKey ? `/api/courses/covers/${course.id}?v=${course.updatedAt.getTime()}` : null;
}

export function planView(p: typeof coursePlans.$inferSelect) {
  return { id: p.id, type: p.type, priceDzd: p.priceDzd, durationDays: p.durationDays, autoRenew: p.autoRenew };
}

/** What every view of a lesson shows of its content (the teacher's, the student's, a free preview). */
export function lessonContent(l: Pick<typeof lessons.$inferSelect, 'id' | 'title' | 'type' | 'bodyHtml' | 'url'>) {
  return { id: l.id, title: l.title, type: l.type, bodyHtml: l.bodyHtml, url: l.url };
}

export function teacherLessonView(l: typeof lessons.$inferSelect & { video?: typeof lessonVideos.$inferSelect | null }) {
  return {
    ...lessonContent(l),
    sectionId: l.sectionId,
    file: l.fileKey ? { name: l.fileName ?? 'file', type: l.fileType ?? '', size: l.fileSize ?? 0 } : null,
    releaseAt: iso(l.releaseAt),
    freePreview: l.freePreview,
    video: lessonVideoView(l.video),
  };
}
