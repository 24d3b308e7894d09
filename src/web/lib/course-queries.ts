import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@web/lib/api';

const teacher = api.courses.teacher;

/**
 * The course data that several features read (courses, codes, subscriptions, learning, video). Every such query
 * starts with 'courses', so one invalidation after a change refreshes them all (a sale changes the codes, the
 * students and the usage at once).
 */
export const courseKeys = {
  all: ['courses'] as const,
  student: ['courses', 'student'] as const,
  course: (courseId: string) => ['courses', 'teacher', 'course', courseId] as const,
  myCodeRequests: ['courses', 'student', 'code-requests'] as const,
};

export const usageQuery = queryOptions({
  queryKey: ['courses', 'usage'],
  queryFn: () => unwrap(teacher.usage.$get()),
  staleTime: 30_000,
});

export const teacherCoursesQuery = queryOptions({
  queryKey: ['courses', 'teacher', 'list'],
  queryFn: () => unwrap(teacher.courses.$get()),
  staleTime: 30_000,
});

export type TUsage = InferResponseType<typeof teacher.usage.$get, 200>;
export type TLessonView = InferResponseType<(typeof api.learning.student.courses)[':courseId']['lessons'][':lessonId']['$get'], 200>;
