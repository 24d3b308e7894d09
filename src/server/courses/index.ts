import path from 'node:path';
import { bindDeps } from '@server/core/bind';
import { cover, ensureCourse, setCover } from './cover';
import { create, remove, update } from './course-lifecycle';
import type { TCoursesDeps } from './deps';
import { filesStore } from './files';
import { addLesson, ensureLesson, lessonFile, removeLesson, setLessonFile, updateLesson } from './lessons';
import { reorder } from './lesson-order';
import { get, list, usage } from './list-courses';
import { previewLesson } from './preview-lesson';
import { putPlans } from './put-plans';
import { addSection, removeSection, renameSection } from './sections';

/*
 * The courses domain: a teacher's courses, their outline (sections, lessons, files), prices and covers, and
 * the lesson locks every view of a course shares. Other domains import this file only.
 */

export { coursesApi, UPLOAD_PATH_PREFIX } from './routes';
export { publishedCourseCards, type TCourseCard } from './course-cards';
export { fileResponse, type TFilesStore, type TStoredFile } from './files';
export { buildView, ensureOpen, lessonPayload, lockReasons, nextOpenLesson, opensLessons, publicView } from './lesson-access';
export { ownCourse, ownLesson } from './queries';
export { courseOnHost } from './course-on-host';
export { addQuizItem, renameQuizItem } from './quiz-items';
export { publicCourse, publicPreview } from './public-course';
export { coverUrl, planView } from './views';

type TCoursesDomainDeps = Pick<TCoursesDeps, 'db' | 'clock' | 'onCoursesChanged' | 'onLessonsRemoved'> & { dataDir: string };

export function createCourses({ dataDir, db, clock, onCoursesChanged, onLessonsRemoved }: TCoursesDomainDeps) {
  const files = filesStore(path.join(dataDir, 'uploads'));
  const deps: TCoursesDeps = { db, clock, files, onCoursesChanged, onLessonsRemoved };
  return {
    files,
    courses: bindDeps(deps, { usage, list, get, create, update, remove, putPlans, ensureCourse, setCover, cover, previewLesson }),
    content: bindDeps(deps, {
      addSection,
      renameSection,
      removeSection,
      addLesson,
      updateLesson,
      removeLesson,
      setLessonFile,
      ensureLesson,
      lessonFile,
      reorder,
    }),
  };
}

export type TCourses = ReturnType<typeof createCourses>;
