import { desc, eq } from 'drizzle-orm';
import { toLanguage } from '@shared/i18n';
import { courseSections, liveSessions } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TLiveDeps } from './deps';
import { ownSession } from './queries';
import { liveText } from './texts';

/**
 * After a session the teacher keeps its recording as a video lesson of the course: the lesson is created here
 * (titled like the session, at the end of the last section) and linked to the session; the video itself is
 * uploaded on the lesson, with the course's protection. Asking twice gives the same lesson.
 */
export async function addRecording(deps: TLiveDeps, teacherId: string, sessionId: string, language: string) {
  const session = await ownSession(deps.db, teacherId, sessionId);
  if (session.status === 'cancelled') throw new AppError('LIVE_CANCELLED');
  if (session.startsAt > deps.clock.now()) throw new AppError('LIVE_TOO_EARLY');
  if (session.recordingLessonId) return { lessonId: session.recordingLessonId, courseId: session.courseId, created: false };
  const [section] = await deps.db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.courseId, session.courseId))
    .orderBy(desc(courseSections.position))
    .limit(1);
  const sectionId = section?.id ?? (await deps.courseContent.addSection(teacherId, session.courseId, liveText(toLanguage(language), 'recording.section'))).id;
  const lesson = await deps.courseContent.addLesson(teacherId, session.courseId, {
    sectionId,
    title: session.title,
    type: 'video',
    bodyHtml: '',
    url: '',
    releaseAt: null,
  });
  await deps.db.update(liveSessions).set({ recordingLessonId: lesson.id }).where(eq(liveSessions.id, sessionId));
  return { lessonId: lesson.id, courseId: session.courseId, created: true };
}
