/**
 * R1 (issue 16): how every route with an ID in its path may be used across tenants. Read by
 * tests/integration/tenant-matrix.test.ts, which fails on a route of the app that has no line here.
 *
 * - `own`: a teacher's or a student's own data. Anybody else (no session, the other role, the other tenant's
 *   teacher or student, an admin) gets 401, 403 or 404, and no row of any tenant changes.
 * - `admin`: the admin console. Everybody but an admin gets 401, 403 or 404, and nothing changes.
 * - `blind`: like `own`, but the route answers every ID it cannot use alike (an idempotent leave, a heartbeat
 *   without a lease): another tenant's ID must get exactly the answer of an ID that does not exist, and nothing
 *   changes.
 * - `onHost`: a page of a teacher's platform (their host, or /platform/{subdomain}/…): asked for with another
 *   teacher's ID on it, it is not found there (404) and nothing changes.
 * - `open`: public by design, or the path part is not a tenant's ID: say why.
 *
 * `ids` maps a path parameter to a fixture ID when its name is not one (`:id`). `body` is a valid JSON body,
 * so that the ownership check, not validation, is what refuses the other tenant (it gets the target's IDs).
 */
export type TFixtureId =
  | 'courseId'
  | 'sectionId'
  | 'lessonId'
  | 'planId'
  | 'batchId'
  | 'codeId'
  | 'requestId'
  | 'enrollmentId'
  | 'certificateId'
  | 'groupId'
  | 'studentId'
  | 'sessionId'
  | 'pageId'
  | 'contactRequestId'
  | 'teacherId'
  | 'subdomain'
  | 'orderId'
  | 'receiptId'
  | 'entryId'
  | 'invoiceId'
  | 'quizId'
  | 'quizLessonId'
  | 'attemptId'
  | 'bankQuestionId'
  | 'quizQuestionId'
  | 'figureName'
  | 'bankFigureName'
  | 'messageId'
  | 'memberId'
  | 'invitationId';
/** One tenant's IDs, and a valid body for its landing page. */
export type TFixture = Record<TFixtureId, string> & { pageBody: Record<string, unknown> };
type TBody = Record<string, unknown> | ((target: TFixture) => Record<string, unknown>);
export type TRule =
  | { kind: 'own' | 'blind' | 'admin' | 'onHost'; ids?: Record<string, TFixtureId>; body?: TBody; upload?: string; form?: boolean }
  | { kind: 'open'; why: string };

const own = (body?: TBody, ids?: Record<string, TFixtureId>): TRule => ({ kind: 'own', body, ids });
/** An upload: a small valid file of that type as the raw body (`form`: as the `file` field of a multipart form). */
const ownUpload = (type: string, ids?: Record<string, TFixtureId>, form = false): TRule => ({ kind: 'own', upload: type, ids, form });
const blind = (body?: TBody): TRule => ({ kind: 'blind', body });
const admin = (body?: TBody, ids: Record<string, TFixtureId> = { id: 'teacherId' }): TRule => ({ kind: 'admin', body, ids });
const onHost = (ids?: Record<string, TFixtureId>): TRule => ({ kind: 'onHost', ids });
const open = (why: string): TRule => ({ kind: 'open', why });

const PUBLIC_PAGE = 'a published page: public by design';
const PLATFORM_BY_NAME = 'a platform by its public name (subdomain), no private data';
const TOKEN = 'an HMAC-signed playback token, not a tenant ID (decision 063)';
const NOT_AN_ID = 'the path part names a fixed thing, not a tenant’s data';
const deviceBody = { deviceId: 'matrix-device-1' };
const reason = { reason: 'matrix reason' };
const invoice = { id: 'invoiceId' } as const;
const MATRIX_QUESTION = { id: 'matrix-q', type: 'truefalse', prompt: 'matrix', points: 1, correct: true };
const QUIZ_BODY = { title: 'matrix', subjects: [{ id: 's', exercises: [{ id: 'e', questions: [MATRIX_QUESTION] }] }] };

export const ROUTE_MATRIX: Record<string, TRule> = {
  // Accounts, admin.
  'GET /api/accounts/platform/:subdomain': open(PLATFORM_BY_NAME),
  'GET /api/admin/teachers/:id': admin(),
  'PATCH /api/admin/teachers/:id/status': admin({ status: 'suspended' }),
  'PATCH /api/admin/teachers/:id/plan': admin({ plan: 'institution' }),
  'POST /api/admin/teachers/:id/trial': admin({ days: 30 }),
  'POST /api/admin/teachers/:id/password-reset': admin(),
  'GET /api/admin/inbox/:kind': open(`${NOT_AN_ID} (admin only: admin-access.test.ts)`),
  'GET /api/admin/inbox/:kind/export': open(`${NOT_AN_ID} (admin only: admin-access.test.ts)`),
  'PATCH /api/admin/inbox/:kind/:id': open('site inbox rows are the platform’s, not a tenant’s (admin only: admin-access.test.ts)'),
  'DELETE /api/admin/invitations/:id': open('admin invitations are the platform’s, not a tenant’s (admin only: admin-access.test.ts)'),
  'POST /api/admin/admins/:id/revoke': open('admins are the platform’s, not a tenant’s (admin only: admin-access.test.ts)'),

  // Notifications and messages (issue 26).
  'POST /api/notifications/:id/read': open(
    'a notification is one person’s, not a tenant’s: another’s id changes nothing, like an unknown one (notifications.test.ts)',
  ),
  'GET /api/messages/teacher/conversations/:studentId': own(),
  'POST /api/messages/teacher/conversations/:studentId': own({ body: 'matrix message' }),
  'GET /api/messages/student/conversations/:teacherId': own(),
  'POST /api/messages/student/conversations/:teacherId': own({ body: 'matrix message' }),
  'PUT /api/messages/teacher/conversations/:studentId/attachment': ownUpload('image/png'),
  'GET /api/messages/teacher/conversations/:studentId/messages/:messageId/attachment': own(),
  'PUT /api/messages/student/conversations/:teacherId/attachment': ownUpload('image/png'),
  'GET /api/messages/student/conversations/:teacherId/messages/:messageId/attachment': own(),
  'GET /api/analytics/teacher/students/:studentId': own(),
  'GET /api/analytics/teacher/quizzes/:quizId/items': own(),
  'GET /api/analytics/teacher/csv/:table': open(`${NOT_AN_ID}: the table's name (analytics-figures.test.ts checks its tenant)`),
  'PATCH /api/messages/admin/feedback/:id': open('feedback to Darsi is the platform’s inbox, not a tenant’s (admin only: teacher-feedback.test.ts)'),

  // Landing pages.
  'GET /api/landing/pages/:id': own(undefined, { id: 'pageId' }),
  'PUT /api/landing/pages/:id': own((x) => x.pageBody, { id: 'pageId' }),
  'POST /api/landing/pages/:id/duplicate': own(undefined, { id: 'pageId' }),
  'DELETE /api/landing/pages/:id': own(undefined, { id: 'pageId' }),
  'POST /api/landing/pages/:id/publish': own(undefined, { id: 'pageId' }),
  'POST /api/landing/pages/:id/unpublish': own(undefined, { id: 'pageId' }),
  'POST /api/landing/pages/:id/main': own(undefined, { id: 'pageId' }),
  'PATCH /api/landing/contact-requests/:id': own({ handled: true }, { id: 'contactRequestId' }),
  'POST /api/landing/public/pages/:id/views': open(`${PUBLIC_PAGE}: counts a view`),
  'POST /api/landing/public/pages/:id/contact': open(`${PUBLIC_PAGE}: its contact form`),
  'POST /landing-contact/:id': open(`${PUBLIC_PAGE}: its no-script contact form`),
  'GET /landing/:id': onHost({ id: 'pageId' }),
  'GET /t/:id': open(`${PUBLIC_PAGE}: redirects to its platform`),
  'GET /t/:id/login': open(`${PUBLIC_PAGE}: redirects to its platform`),
  'GET /t/:id/register': open(`${PUBLIC_PAGE}: redirects to its platform`),
  'GET /p/:id': open(`${PUBLIC_PAGE}: redirects to its platform`),
  'GET /p/:id/login': open(`${PUBLIC_PAGE}: redirects to its platform`),
  'GET /p/:id/register': open(`${PUBLIC_PAGE}: redirects to its platform`),
  'GET /landing-assets/fonts/:name': open(NOT_AN_ID),
  'GET /landing-assets/uploads/:name': open('a published image under a random name (decision 080)'),
  'GET /landing-assets/:file': open(NOT_AN_ID),

  // Courses (teacher).
  'GET /api/courses/covers/:courseId': open('a published course’s cover; a draft’s is its teacher’s only (courses.test.ts)'),
  'GET /api/courses/teacher/courses/:courseId': own(),
  'PATCH /api/courses/teacher/courses/:courseId': own({ title: 'matrix' }),
  'DELETE /api/courses/teacher/courses/:courseId': own(),
  'PUT /api/courses/teacher/courses/:courseId/plans': own({ plans: [] }),
  'PUT /api/courses/teacher/courses/:courseId/order': own((x) => ({ sections: [{ id: x.sectionId, lessonIds: [x.lessonId] }] })),
  'POST /api/courses/teacher/courses/:courseId/sections': own({ title: 'matrix' }),
  'PATCH /api/courses/teacher/sections/:sectionId': own({ title: 'matrix' }),
  'DELETE /api/courses/teacher/sections/:sectionId': own(),
  'POST /api/courses/teacher/courses/:courseId/lessons': own((x) => ({ sectionId: x.sectionId, title: 'matrix', type: 'text', bodyHtml: '<p>x</p>' })),
  'PATCH /api/courses/teacher/lessons/:lessonId': own({ title: 'matrix' }),
  'DELETE /api/courses/teacher/lessons/:lessonId': own(),
  'GET /api/courses/teacher/lessons/:lessonId/file': own(),
  'GET /api/courses/teacher/courses/:courseId/lessons/:lessonId/preview': own(),
  'PUT /api/courses/teacher/uploads/lessons/:lessonId': ownUpload('application/pdf'),
  'PUT /api/courses/teacher/uploads/covers/:courseId': ownUpload('image/png'),
  'GET /api/certificates/teacher/courses/:courseId': own(),
  'PUT /api/certificates/teacher/courses/:courseId': own({ enabled: false }),
  'GET /api/certificates/teacher/courses/:courseId/signature': own(),
  'DELETE /api/certificates/teacher/courses/:courseId/signature': own(),
  'PUT /api/certificates/teacher/uploads/signatures/:courseId': ownUpload('image/png'),

  // Codes, subscriptions.
  'GET /api/codes/teacher/batches/:batchId/codes': own(),
  'GET /api/codes/teacher/batches/:batchId/export/csv': own(),
  'POST /api/codes/teacher/batches/:batchId/export/pdf': own(),
  'GET /api/codes/teacher/batches/:batchId/export/pdf': own(),
  'GET /api/codes/teacher/batches/:batchId/export/pdf/file': own(),
  'POST /api/codes/teacher/batches/:batchId/revoke': own(),
  'POST /api/codes/teacher/codes/:codeId/revoke': own(),
  'POST /api/codes/teacher/codes/:codeId/sold': own(),
  'POST /api/codes/teacher/codes/:codeId/unsold': own(),
  'POST /api/codes/teacher/batches/:batchId/sold': own({ from: 1, to: 1 }),
  'POST /api/codes/teacher/code-requests/:requestId/confirm': own(),
  'POST /api/codes/teacher/code-requests/:requestId/reject': own(),
  'PATCH /api/subscriptions/teacher/enrollments/:enrollmentId/plan': own((x) => ({ planId: x.planId, recalculate: true })),
  'POST /api/subscriptions/teacher/enrollments/:enrollmentId/cancel': own(),
  'POST /api/subscriptions/teacher/enrollments/:enrollmentId/reactivate': own(),
  'POST /api/subscriptions/teacher/enrollments/:enrollmentId/suspend': own(),

  // Courses (student).
  'GET /api/learning/student/courses/:courseId': own(),
  'POST /api/learning/student/courses/:courseId/enroll-free': own(),
  'GET /api/learning/student/courses/:courseId/lessons/:lessonId': own(),
  'POST /api/learning/student/lessons/:lessonId/complete': own(),
  'GET /api/learning/student/lessons/:lessonId/file': own(),
  'POST /api/certificates/student/courses/:courseId': own(),
  'GET /api/certificates/student/:id/pdf': own(undefined, { id: 'certificateId' }),
  'GET /certificates/:id': open('the public check of a certificate by its unguessable id (decision 069)'),

  // Live.
  'PATCH /api/live/teacher/groups/:groupId': own({ name: 'matrix' }),
  'DELETE /api/live/teacher/groups/:groupId': own(),
  'GET /api/live/teacher/groups/:groupId/members': own(),
  'POST /api/live/teacher/groups/:groupId/members': own((x) => ({ studentIds: [x.studentId] })),
  'DELETE /api/live/teacher/groups/:groupId/members/:studentId': own(),
  'GET /api/live/teacher/sessions/:sessionId': own(),
  'PATCH /api/live/teacher/sessions/:sessionId': own({ title: 'matrix' }),
  'POST /api/live/teacher/sessions/:sessionId/cancel': own({ following: false }),
  'POST /api/live/teacher/sessions/:sessionId/join': own(),
  'POST /api/live/teacher/sessions/:sessionId/recording': own(),
  'GET /api/live/teacher/sessions/:sessionId/attendance/csv': own(),
  'GET /api/live/student/sessions/:sessionId': own(),
  'POST /api/live/student/sessions/:sessionId/join': own(deviceBody),
  'POST /api/live/student/sessions/:sessionId/heartbeat': blind(deviceBody),
  'POST /api/live/student/sessions/:sessionId/leave': blind(deviceBody),

  // Video.
  'GET /api/video/lessons/:lessonId/status': own(),
  'DELETE /api/video/lessons/:lessonId': own(),
  'POST /api/video/lessons/:lessonId/playback': own(deviceBody),
  'GET /api/video/lessons/:lessonId/thumbnail.jpg': own(),
  'GET /api/video/lessons/:lessonId/preview': onHost(),
  'POST /api/video/lessons/:lessonId/preview-playback': onHost(),
  'GET /api/video/lessons/:lessonId/preview-thumbnail.jpg': onHost(),
  'GET /api/video/teacher/students/:studentId/devices': own(),
  'GET /api/video/offline/:licence/:rendition{[0-9]{1,4}}/:file{index\\.m3u8|seg-[0-9]{4}\\.ts}': open(
    'an ES256-signed offline licence, not a tenant ID (decision 192)',
  ),
  'GET /api/video/play/:token/master.m3u8': open(TOKEN),
  'GET /api/video/play/:token/key/:rendition{[0-9]{1,4}}/:n{[0-9]{1,5}}': open(TOKEN),
  'GET /api/video/play/:token/:rendition{[0-9]{1,4}}/:file{index\\.m3u8|seg-[0-9]{4}\\.ts}': open(TOKEN),

  // Payments: transfers and receipts, card orders.
  'GET /api/payments/teacher/receipts/:receiptId/file': own(),
  'POST /api/payments/teacher/receipts/:receiptId/approve': own(),
  'POST /api/payments/teacher/receipts/:receiptId/reject': own(reason),
  // A published course's plans, prices and ways to pay, on its own platform (another's course is not found there);
  // the student's own open orders in the checkout are read by their session, not by the path.
  'GET /api/payments/student/checkout/:courseId': onHost(),
  'GET /api/payments/student/courses/:courseId/options': onHost(),
  'GET /api/payments/student/transfer-orders/:orderId': own(),
  // The card order page reads any order of the student (orders-query.ts): the fixture's transfer order stands in.
  'GET /api/payments/student/orders/:orderId': own(),
  'PUT /api/payments/student/receipts/:orderId': ownUpload('image/png'),
  'GET /api/payments/student/receipts/:receiptId/file': own(),

  // Revenue (the ledger), Darsi's plan invoices.
  'POST /api/revenue/teacher/entries/:entryId/refund': own(reason),
  'GET /api/revenue/student/payments/:entryId/receipt': own(),
  'POST /api/billing/teacher/invoices/:id/refresh': own(undefined, invoice),
  'POST /api/billing/teacher/invoices/:id/receipt': ownUpload('image/png', invoice, true),
  'GET /api/billing/teacher/invoices/:id/receipt': own(undefined, invoice),
  'GET /api/billing/admin/invoices/:id/receipt': admin(undefined, invoice),
  'POST /api/billing/admin/invoices/:id/approve': admin(undefined, invoice),
  'POST /api/billing/admin/invoices/:id/reject': admin(reason, invoice),

  // A teacher's platform pages.
  'GET /t/:subdomain/student/dashboard': open(`${PLATFORM_BY_NAME}: a redirect`),
  'GET /t/:subdomain/student/dashboard/*': open(`${PLATFORM_BY_NAME}: a redirect`),
  'GET /teacher/:subdomain': open(`${PLATFORM_BY_NAME}: a redirect`),
  'GET /platform/:subdomain': open(PLATFORM_BY_NAME),
  'GET /platform/:subdomain/': open(PLATFORM_BY_NAME),
  'GET /platform/:subdomain/teach': open(PLATFORM_BY_NAME),
  'GET /platform/:subdomain/courses/:courseId': onHost(),
  'GET /courses/:courseId': onHost(),
  'GET /platform/:subdomain/courses/:courseId/lessons/:lessonId': onHost(),
  'GET /courses/:courseId/lessons/:lessonId': onHost(),
  'GET /platform/:subdomain/courses/:courseId/lessons/:lessonId/file': onHost(),
  'GET /courses/:courseId/lessons/:lessonId/file': onHost(),

  // Teaching staff (issue 28): the fixture's owner-role staff member and a waiting invitation.
  'POST /api/staff/teacher/invitations/:invitationId/revoke': own(),
  'PATCH /api/staff/teacher/members/:memberId': own({ role: 'assistant' }),
  'DELETE /api/staff/teacher/members/:memberId': own(),

  // The public site.
  'POST /site-forms/:form': open(NOT_AN_ID),
  // Quizzes and exams (issue 25).
  'GET /api/quizzes/teacher/courses/:courseId/quizzes': own(),
  'GET /api/quizzes/teacher/quizzes/:quizId': own(),
  'PUT /api/quizzes/teacher/quizzes/:quizId': own(QUIZ_BODY),
  'DELETE /api/quizzes/teacher/quizzes/:quizId': own(),
  'PUT /api/quizzes/teacher/figures/:quizId': ownUpload('image/png'),
  'GET /api/quizzes/teacher/quizzes/:quizId/figures/:name': own(undefined, { name: 'figureName' }),
  'GET /api/quizzes/student/quizzes/:quizId/figures/:name': own(undefined, { name: 'figureName' }),
  'PUT /api/quizzes/teacher/figures/bank/:courseId': ownUpload('image/png'),
  'GET /api/quizzes/teacher/courses/:courseId/bank/figures/:name': own(undefined, { name: 'bankFigureName' }),
  'GET /api/quizzes/teacher/courses/:courseId/bank': own(),
  'POST /api/quizzes/teacher/courses/:courseId/bank': own({ chapter: 'matrix', question: MATRIX_QUESTION }),
  'PUT /api/quizzes/teacher/bank/:questionId': own({ chapter: 'matrix', question: MATRIX_QUESTION }, { questionId: 'bankQuestionId' }),
  'DELETE /api/quizzes/teacher/bank/:questionId': own(undefined, { questionId: 'bankQuestionId' }),
  'GET /api/quizzes/teacher/quizzes/:quizId/extra-time': own(),
  'PUT /api/quizzes/teacher/quizzes/:quizId/extra-time': own((x) => ({ studentId: x.studentId, minutes: 5 })),
  'GET /api/quizzes/teacher/quizzes/:quizId/attempts': own(),
  'GET /api/quizzes/teacher/quizzes/:quizId/attempts/csv': own(),
  'GET /api/quizzes/teacher/quizzes/:quizId/analysis': own(),
  'GET /api/quizzes/teacher/quizzes/:quizId/grading': own(),
  'GET /api/quizzes/teacher/attempts/:attemptId': own(),
  'POST /api/quizzes/teacher/attempts/:attemptId/grade': own({ questionId: 'matrix-photo', criteria: [{ id: 'all', points: 1 }] }),
  'GET /api/quizzes/teacher/attempts/:attemptId/files/:questionId': own(undefined, { questionId: 'quizQuestionId' }),
  'GET /api/quizzes/student/lessons/:lessonId/quiz': own(undefined, { lessonId: 'quizLessonId' }),
  'POST /api/quizzes/student/quizzes/:quizId/attempts': own(),
  'GET /api/quizzes/student/attempts/:attemptId': own(),
  'PUT /api/quizzes/student/attempts/:attemptId/answers': own({
    answers: [{ questionId: 'matrix-photo', value: { text: 'x' }, clientId: 'matrix-device', seq: 1 }],
  }),
  'PUT /api/quizzes/student/uploads/:attemptId/:questionId': ownUpload('image/png', { questionId: 'quizQuestionId' }),
  'GET /api/quizzes/student/attempts/:attemptId/files/:questionId': own(undefined, { questionId: 'quizQuestionId' }),
  'POST /api/quizzes/student/attempts/:attemptId/submit': own(),
  'GET /api/quizzes/student/attempts/:attemptId/result': own(),
  'POST /api/quizzes/student/attempts/:attemptId/check/:questionId': own(undefined, { questionId: 'quizQuestionId' }),
};
