import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, type TJson } from '@web/lib/api';
import { putFile } from '@web/lib/put-file';

const teacher = api.courses.teacher;
const student = api.courses.student;

/**
 * Every courses query starts with 'courses', so one invalidation after a change refreshes them all (a
 * sale changes the codes, the students and the usage at once).
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

/** How a student reaches the teacher to buy a card: the contact ways the teacher chose to show (decision 057). */
export const teacherContactQuery = (subdomain: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'teacher-contact', subdomain],
    queryFn: () => unwrap(api.account.platform[':subdomain'].$get({ param: { subdomain } })),
    staleTime: 5 * 60_000,
  });

/** The student's coming live sessions (the live domain), for My Subscriptions and a course page. */
export const upcomingLiveQuery = (platform: string | undefined, courseId?: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'live', platform ?? '', courseId ?? ''],
    queryFn: () => unwrap(api.live.student.sessions.$get({ query: { ...(platform ? { platform } : {}), ...(courseId ? { courseId } : {}) } })),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export type TUpcomingLive = InferResponseType<typeof api.live.student.sessions.$get, 200>['sessions'][number];

export const teacherCoursesQuery = queryOptions({
  queryKey: ['courses', 'teacher', 'list'],
  queryFn: () => unwrap(teacher.courses.$get()),
  staleTime: 30_000,
});

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.course(courseId),
    queryFn: () => unwrap(teacher.courses[':courseId'].$get({ param: { courseId } })),
    staleTime: 0,
  });

export const batchesQuery = (courseId: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['courses', 'batches', courseId ?? 'all', page],
    queryFn: () => unwrap(teacher.batches.$get({ query: { ...(courseId ? { courseId } : {}), page: String(page) } })),
    staleTime: 0,
  });

export const codesQuery = (batchId: string, filter: { state: string; serial: string }, page: number) =>
  queryOptions({
    queryKey: ['courses', 'codes', batchId, filter, page],
    queryFn: () =>
      unwrap(
        teacher.batches[':batchId'].codes.$get({
          param: { batchId },
          query: { ...(filter.state ? { state: filter.state as never } : {}), ...(filter.serial ? { serial: filter.serial } : {}), page: String(page), pageSize: '50' },
        }),
      ),
    staleTime: 0,
  });

/** The batch's PDF cards being printed (or ready): polled every second while a render runs. */
export const cardsExportQuery = (batchId: string) =>
  queryOptions({
    queryKey: ['courses', 'cards-export', batchId],
    queryFn: () => unwrap(teacher.batches[':batchId'].export.pdf.$get({ param: { batchId } })).then((r) => r.export),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && status !== 'ready' && status !== 'failed' ? 1000 : false;
    },
  });


export type TCodeRequests = InferResponseType<(typeof teacher)['code-requests']['$get'], 200>;

export const codeRequestsQuery = queryOptions({
  queryKey: ['courses', 'code-requests'],
  queryFn: () => unwrap(teacher['code-requests'].$get({ query: {} })),
  staleTime: 0,
});

type TStudentFilters = { courseId?: string; status?: string; type?: string; q?: string; page: number };

function studentsFilterQuery(f: TStudentFilters) {
  return {
    ...(f.courseId ? { courseId: f.courseId } : {}),
    ...(f.status ? { status: f.status as never } : {}),
    ...(f.type ? { type: f.type as never } : {}),
    ...(f.q ? { q: f.q } : {}),
  };
}

export const studentsQuery = (f: TStudentFilters) =>
  queryOptions({
    queryKey: ['courses', 'students', f],
    queryFn: () => unwrap(teacher.students.$get({ query: { ...studentsFilterQuery(f), page: String(f.page), pageSize: '25' } })),
    staleTime: 0,
  });

export const subscriptionsQuery = (platform: string | undefined) =>
  queryOptions({
    queryKey: ['courses', 'student', 'subscriptions', platform ?? ''],
    queryFn: () => unwrap(student.subscriptions.$get({ query: platform ? { platform } : {} })),
    staleTime: 0,
  });

/** The student's codes sent to the teacher of this platform (teacher-confirmed mode, decision 031). */
export const myCodeRequestsQuery = (platform: string | undefined) =>
  queryOptions({
    queryKey: [...courseKeys.myCodeRequests, platform ?? ''],
    queryFn: () => unwrap(student['code-requests'].$get({ query: platform ? { platform } : {} })),
    staleTime: 0,
  });

export const outlineQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'outline', courseId],
    queryFn: () => unwrap(student.courses[':courseId'].$get({ param: { courseId } })),
    staleTime: 0,
  });

/** Whether the course's teacher takes card payments (issue 13): the course page then links to the pay page. */
export const cardPaymentQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'card-payment', courseId],
    queryFn: () => unwrap(api.payments.student.courses[':courseId'].options.$get({ param: { courseId } })).then((r) => r.card),
    staleTime: 60_000,
  });

export const lessonQuery = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'lesson', courseId, lessonId],
    queryFn: () => unwrap(student.courses[':courseId'].lessons[':lessonId'].$get({ param: { courseId, lessonId } })),
    staleTime: 0,
    retry: false,
  });

export const previewQuery = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: ['courses', 'preview', courseId, lessonId],
    queryFn: () => unwrap(teacher.courses[':courseId'].lessons[':lessonId'].preview.$get({ param: { courseId, lessonId } })),
    staleTime: 0,
    retry: false,
  });

/** The student's certificates (issued on completion, decision 069), each with its PDF and public check. */
export const myCertificatesQuery = queryOptions({
  queryKey: ['courses', 'student', 'certificates'],
  queryFn: () => unwrap(student.certificates.$get()).then((r) => r.certificates),
  staleTime: 0,
});

export const certificateSettingsQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'teacher', 'certificates', courseId],
    queryFn: () => unwrap(teacher.certificates[':courseId'].$get({ param: { courseId } })),
    staleTime: 0,
  });

/** The platforms (teachers) the signed-in student belongs to, on the student's home. */
export const platformsQuery = queryOptions({
  queryKey: ['student', 'platforms'],
  queryFn: () => unwrap(api.student.platforms.$get()).then((r) => r.platforms),
  staleTime: 60_000,
});

const enrollment = (enrollmentId: string) => ({ param: { enrollmentId } });

/** The changes a teacher or a student makes; callers refresh with courseKeys once done. */
export const coursesApi = {
  createCourse: (json: TJson<typeof teacher.courses.$post>) => unwrap(teacher.courses.$post({ json })),
  updateCourse: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['$patch']>) => unwrap(teacher.courses[':courseId'].$patch({ param: { courseId }, json })),
  deleteCourse: (courseId: string) => unwrap(teacher.courses[':courseId'].$delete({ param: { courseId } })),
  savePlans: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['plans']['$put']>) => unwrap(teacher.courses[':courseId'].plans.$put({ param: { courseId }, json })),
  reorder: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['order']['$put']>) => unwrap(teacher.courses[':courseId'].order.$put({ param: { courseId }, json })),
  addSection: (courseId: string, title: string) => unwrap(teacher.courses[':courseId'].sections.$post({ param: { courseId }, json: { title } })),
  renameSection: (sectionId: string, title: string) => unwrap(teacher.sections[':sectionId'].$patch({ param: { sectionId }, json: { title } })),
  removeSection: (sectionId: string) => unwrap(teacher.sections[':sectionId'].$delete({ param: { sectionId } })),
  createLesson: (courseId: string, json: TJson<(typeof teacher.courses)[':courseId']['lessons']['$post']>) => unwrap(teacher.courses[':courseId'].lessons.$post({ param: { courseId }, json })),
  updateLesson: (lessonId: string, json: TJson<(typeof teacher.lessons)[':lessonId']['$patch']>) => unwrap(teacher.lessons[':lessonId'].$patch({ param: { lessonId }, json })),
  removeLesson: (lessonId: string) => unwrap(teacher.lessons[':lessonId'].$delete({ param: { lessonId } })),
  generateBatch: (json: TJson<typeof teacher.batches.$post>) => unwrap(teacher.batches.$post({ json })),
  revokeBatch: (batchId: string) => unwrap(teacher.batches[':batchId'].revoke.$post({ param: { batchId } })),
  markSold: (codeId: string) => unwrap(teacher.codes[':codeId'].sold.$post({ param: { codeId } })),
  markSoldMany: (batchId: string, json: TJson<(typeof teacher.batches)[':batchId']['sold']['$post']>) => unwrap(teacher.batches[':batchId'].sold.$post({ param: { batchId }, json })),
  unmarkSold: (codeId: string) => unwrap(teacher.codes[':codeId'].unsold.$post({ param: { codeId } })),
  printCards: (batchId: string) => unwrap(teacher.batches[':batchId'].export.pdf.$post({ param: { batchId } })),
  sendCodeToTeacher: (json: TJson<(typeof student)['code-requests']['$post']>) => unwrap(student['code-requests'].$post({ json })),
  revokeCode: (codeId: string) => unwrap(teacher.codes[':codeId'].revoke.$post({ param: { codeId } })),
  confirmCodeRequest: (requestId: string) => unwrap(teacher['code-requests'][':requestId'].confirm.$post({ param: { requestId } })),
  rejectCodeRequest: (requestId: string) => unwrap(teacher['code-requests'][':requestId'].reject.$post({ param: { requestId } })),
  reopenGuessing: () => unwrap(teacher['code-safety'].reopen.$post()),
  enroll: (json: TJson<typeof teacher.enrollments.$post>) => unwrap(teacher.enrollments.$post({ json })),
  changePlan: (enrollmentId: string, json: TJson<(typeof teacher.enrollments)[':enrollmentId']['plan']['$patch']>) =>
    unwrap(teacher.enrollments[':enrollmentId'].plan.$patch({ ...enrollment(enrollmentId), json })),
  cancelEnrollment: (enrollmentId: string) => unwrap(teacher.enrollments[':enrollmentId'].cancel.$post(enrollment(enrollmentId))),
  suspendEnrollment: (enrollmentId: string) => unwrap(teacher.enrollments[':enrollmentId'].suspend.$post(enrollment(enrollmentId))),
  reactivateEnrollment: (enrollmentId: string) => unwrap(teacher.enrollments[':enrollmentId'].reactivate.$post(enrollment(enrollmentId))),
  redeem: (json: TJson<typeof student.redeem.$post>) => unwrap(student.redeem.$post({ json })),
  /** A card's QR link (decision 106): the token from the link's fragment. */
  redeemLink: (json: TJson<(typeof student)['redeem-link']['$post']>) => unwrap(student['redeem-link'].$post({ json })),
  enrollFree: (courseId: string) => unwrap(student.courses[':courseId']['enroll-free'].$post({ param: { courseId } })),
  completeLesson: (lessonId: string) => unwrap(student.lessons[':lessonId'].complete.$post({ param: { lessonId } })),
  claimCertificate: (courseId: string) => unwrap(student.certificates.courses[':courseId'].$post({ param: { courseId } })),
  setCertificates: (courseId: string, enabled: boolean) => unwrap(teacher.certificates[':courseId'].$put({ param: { courseId }, json: { enabled } })),
  removeSignature: (courseId: string) => unwrap(teacher.certificates[':courseId'].signature.$delete({ param: { courseId } })),
};

/** Downloads are links, not fetches: the browser sends the session cookie and saves the file. */
export const exportPaths = {
  batch: (batchId: string, format: 'csv' | 'pdf') =>
    `/api${format === 'csv' ? teacher.batches[':batchId'].export.csv.$path({ param: { batchId } }) : teacher.batches[':batchId'].export.pdf.$path({ param: { batchId } })}`,
  students: (f: TStudentFilters) => `/api${teacher.students.export.csv.$path({ query: studentsFilterQuery(f) })}`,
  /** The PDF cards once printed (decision 056). */
  cards: (batchId: string) => `/api${teacher.batches[':batchId'].export.pdf.file.$path({ param: { batchId } })}`,
};

export type TUsage = InferResponseType<typeof teacher.usage.$get, 200>;
export type TCourseDetail = InferResponseType<(typeof teacher.courses)[':courseId']['$get'], 200>;
export type TTeacherLesson = TCourseDetail['sections'][number]['lessons'][number];
export type TPlan = TCourseDetail['plans'][number];
export type TStudentRow = InferResponseType<typeof teacher.students.$get, 200>['rows'][number];
export type TSubscriptions = InferResponseType<typeof student.subscriptions.$get, 200>;
export type TLessonView = InferResponseType<(typeof student.courses)[':courseId']['lessons'][':lessonId']['$get'], 200>;

type TUploadResult = InferResponseType<(typeof teacher.uploads.lessons)[':lessonId']['$put'], 200>;

/** A lesson file, a course cover or a certificate signature, sent with its progress (lib/put-file.ts). */
export function uploadFile(target: { lessonId: string } | { courseId: string } | { signatureOf: string }, file: File, onProgress?: (percent: number) => void): Promise<TUploadResult> {
  const path =
    'lessonId' in target
      ? teacher.uploads.lessons[':lessonId'].$path({ param: { lessonId: target.lessonId } })
      : 'signatureOf' in target
        ? teacher.uploads.signatures[':courseId'].$path({ param: { courseId: target.signatureOf } })
        : teacher.uploads.covers[':courseId'].$path({ param: { courseId: target.courseId } });
  return putFile<TUploadResult>(path, file, onProgress);
}

/* Protected video (issue 12). The uploader (tus) and the player (HLS) fetch their own URLs; the JSON calls go here. */
const video = api.video;

export const videoKeys = {
  status: (lessonId: string) => ['courses', 'video', 'status', lessonId] as const,
};

/** A lesson's video as the teacher sees it: polled every 1.5 s while it waits or is being processed. */
export const videoStatusQuery = (lessonId: string) =>
  queryOptions({
    queryKey: videoKeys.status(lessonId),
    queryFn: () => unwrap(video.lessons[':lessonId'].status.$get({ param: { lessonId } })),
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'processing' ? 1500 : false;
    },
  });

export const videoApi = {
  remove: (lessonId: string) => unwrap(video.lessons[':lessonId'].$delete({ param: { lessonId } })),
  /** Opens a playback session on this device: the token, the playlist, the watermark, where to resume. */
  play: (lessonId: string, deviceId: string) => unwrap(video.lessons[':lessonId'].playback.$post({ param: { lessonId }, json: { deviceId } })),
  heartbeat: (token: string, position: number) => unwrap(video.playback.heartbeat.$post({ json: { token, position } })),
  /** A free preview for a visitor without an account (decision 075): no lease, no heartbeat, no resume. */
  previewPlay: (lessonId: string) => unwrap(video.lessons[':lessonId']['preview-playback'].$post({ param: { lessonId } })),
};

/** A free preview video lesson as anyone may see it: its titles and its teacher's platform. */
export const videoPreviewQuery = (lessonId: string) =>
  queryOptions({
    queryKey: ['courses', 'video', 'preview', lessonId] as const,
    queryFn: () => unwrap(video.lessons[':lessonId'].preview.$get({ param: { lessonId } })),
    retry: false,
  });
