import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@web/lib/api';
import { putFile } from '@web/lib/put-file';

const certificatesTeacher = api.certificates.teacher;
const certificatesStudent = api.certificates.student;

/** The student's certificates (issued on completion, decision 069), each with its PDF and public check. */
export const myCertificatesQuery = queryOptions({
  queryKey: ['courses', 'student', 'certificates'],
  queryFn: () => unwrap(certificatesStudent.$get()).then((r) => r.certificates),
  staleTime: 0,
});

export const certificateSettingsQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'teacher', 'certificates', courseId],
    queryFn: () => unwrap(certificatesTeacher.courses[':courseId'].$get({ param: { courseId } })),
    staleTime: 0,
  });

/** The changes a teacher or a student makes; callers refresh with courseKeys once done. */
export const certificatesApi = {
  claimCertificate: (courseId: string) => unwrap(certificatesStudent.courses[':courseId'].$post({ param: { courseId } })),
  setCertificates: (courseId: string, enabled: boolean) => unwrap(certificatesTeacher.courses[':courseId'].$put({ param: { courseId }, json: { enabled } })),
  removeSignature: (courseId: string) => unwrap(certificatesTeacher.courses[':courseId'].signature.$delete({ param: { courseId } })),
};

type TUploadResult = InferResponseType<(typeof certificatesTeacher.uploads.signatures)[':courseId']['$put'], 200>;

/** A certificate signature, sent with its progress (lib/put-file.ts). */
export function uploadSignature(courseId: string, file: File, onProgress?: (percent: number) => void): Promise<TUploadResult> {
  return putFile<TUploadResult>(certificatesTeacher.uploads.signatures[':courseId'].$path({ param: { courseId } }), file, onProgress);
}
