import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, type TJson } from '@web/lib/api';
import { courseKeys } from '@web/lib/course-queries';
import { putFile } from '@web/lib/put-file';

const teacher = api.courses.teacher;

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.course(courseId),
    queryFn: () => unwrap(teacher.courses[':courseId'].$get({ param: { courseId } })),
    staleTime: 0,
  });

export const previewQuery = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: ['courses', 'preview', courseId, lessonId],
    queryFn: () => unwrap(teacher.courses[':courseId'].lessons[':lessonId'].preview.$get({ param: { courseId, lessonId } })),
    staleTime: 0,
    retry: false,
  });

/** The changes a teacher makes; callers refresh with courseKeys once done. */
export const coursesApi = {
  createCourse: (json: TJson<typeof teacher.courses.$post>) => unwrap(teacher.courses.$post({ json })),
  updateCourse: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['$patch']>) =>
    unwrap(teacher.courses[':courseId'].$patch({ param: { courseId }, json })),
  deleteCourse: (courseId: string) => unwrap(teacher.courses[':courseId'].$delete({ param: { courseId } })),
  savePlans: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['plans']['$put']>) =>
    unwrap(teacher.courses[':courseId'].plans.$put({ param: { courseId }, json })),
  reorder: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['order']['$put']>) =>
    unwrap(teacher.courses[':courseId'].order.$put({ param: { courseId }, json })),
  addSection: (courseId: string, title: string) => unwrap(teacher.courses[':courseId'].sections.$post({ param: { courseId }, json: { title } })),
  renameSection: (sectionId: string, title: string) => unwrap(teacher.sections[':sectionId'].$patch({ param: { sectionId }, json: { title } })),
  removeSection: (sectionId: string) => unwrap(teacher.sections[':sectionId'].$delete({ param: { sectionId } })),
  createLesson: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['lessons']['$post']>) =>
    unwrap(teacher.courses[':courseId'].lessons.$post({ param: { courseId }, json })),
  updateLesson: (lessonId: string, json: TJson<(typeof teacher.lessons)[':lessonId']['$patch']>) =>
    unwrap(teacher.lessons[':lessonId'].$patch({ param: { lessonId }, json })),
  removeLesson: (lessonId: string) => unwrap(teacher.lessons[':lessonId'].$delete({ param: { lessonId } })),
};

export type TCourseDetail = InferResponseType<(typeof teacher.courses)[':courseId']['$get'], 200>;
export type TTeacherLesson = TCourseDetail['sections'][number]['lessons'][number];
export type TPlan = TCourseDetail['plans'][number];

type TUploadResult = InferResponseType<(typeof teacher.uploads.lessons)[':lessonId']['$put'], 200>;

/** A lesson file or a course cover, sent with its progress (lib/put-file.ts). */
export function uploadFile(target: { lessonId: string } | { courseId: string }, file: File, onProgress?: (percent: number) => void): Promise<TUploadResult> {
  const path =
    'lessonId' in target
      ? teacher.uploads.lessons[':lessonId'].$path({ param: { lessonId: target.lessonId } })
      : teacher.uploads.covers[':courseId'].$path({ param: { courseId: target.courseId } });
  return putFile<TUploadResult>(path, file, onProgress);
}
