import { sendReceipt } from './billing-helpers';
import { browser, type TBrowser } from './browser';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, upload, type TTeacher } from './courses-helpers';
import type { TTestApp } from './harness';
import { createPage, editable, publish } from './landing-helpers';
import { schedule, startIn } from './live-helpers';
import { inviteAs, staffMember } from './staff-helpers';
import type { TFixture } from './tenant-matrix';

/** Small valid files for the upload routes. */
export const PDF = '%PDF-1.4\n%matrix\n';
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** `staff`: a member of the teacher's team with the owner role, who may do everything the teacher may (issue 28). */
export type TTenant = { teacher: TTeacher; student: TBrowser; staff: TBrowser; fx: TFixture };

/**
 * One tenant with one of everything a route can name (a course and its lesson with a file, codes, a code
 * request, an enrollment and its ledger payment, a certificate, a live group and session, a published page with
 * a contact request, a transfer order with its receipt waiting for review, a plan invoice by transfer with its
 * receipt), made through the API: for the tenant matrix (R1) and the JSON fuzzing (R8).
 */
export async function tenantFixture(t: TTestApp): Promise<TTenant> {
  // Plan invoices by transfer need Darsi's own transfer details (BILLING_*), which callers need not set.
  const darsi = t.config.billing.transfer;
  if (!darsi.ccpAccount && !darsi.rip && !darsi.baridimob) Object.assign(darsi, { holder: 'SARL Darsi', ccpAccount: '0012345678 clé 90' });
  const teacher = await registerTeacher(t, 'academy');
  const { b, host } = teacher;
  const course = await publishedCourse(teacher, { kind: 'regular', lessons: 1 });
  const { courseId, sectionId } = course;
  const [lessonId, planId] = [course.lessonIds[0]!, course.planIds[0]!];
  const ok = async (res: Promise<Response>, what: string) => {
    const done = await res;
    if (done.status >= 300) throw new Error(`${what}: ${done.status} ${await done.text()}`);
    return (await done.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  // Not a free preview: a preview is open to anyone signed in (decision 068), on its own platform.
  await ok(b.patch(`/api/courses/teacher/lessons/${lessonId}`, { type: 'file' }), 'file lesson');
  await ok(upload(t, b, `/api/courses/teacher/uploads/lessons/${lessonId}`, PDF, 'application/pdf', 'l.pdf'), 'lesson file');
  await ok(upload(t, b, `/api/courses/teacher/uploads/covers/${courseId}`, PNG, 'image/png'), 'cover');
  await ok(upload(t, b, `/api/certificates/teacher/uploads/signatures/${courseId}`, PNG, 'image/png'), 'signature');
  const student = await quickStudent(t, teacher);
  const enrollment = await ok(b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId, planId }), 'enrollment');
  await ok(student.b.post(`http://${host}/api/learning/student/lessons/${lessonId}/complete`), 'complete');
  const certificate = await ok(student.b.post(`http://${host}/api/certificates/student/courses/${courseId}`), 'certificate');
  const batch = await ok(b.post('/api/codes/teacher/batches', { courseId, planId, count: 3, validUntil: inDays(30), activateOnSale: true }), 'batch');
  const codes = csvCodes(await (await b.get(`/api/codes/teacher/batches/${batch.id as string}/export/csv`)).text());
  const { codes: codeRows } = await ok(b.get(`/api/codes/teacher/batches/${batch.id as string}/codes`), 'codes');
  await ok(student.b.post(`http://${host}/api/codes/student/code-requests`, { code: codes[2] }), 'code request');
  const { requests } = await ok(b.get('/api/codes/teacher/code-requests'), 'code requests');
  const group = await ok(b.post('/api/live/teacher/groups', { name: 'الفوج أ' }), 'group');
  await ok(b.post(`/api/live/teacher/groups/${group.id as string}/members`, { studentIds: [student.id] }), 'member');
  const { sessionIds } = await schedule(teacher, { title: 'حصة', courseId, startsAt: startIn(30) });
  const client = { b, subdomain: teacher.subdomain, teacherId: teacher.id, host };
  const page = await createPage(client);
  await publish(client, page.id as string);
  const message = { name: 'زائر', email: 'v@example.test', subject: 'سؤال', message: 'متى؟' };
  await ok(browser(t).post(`http://${host}/api/landing/public/pages/${page.id as string}/contact`, message), 'contact');
  const contact = await ok(b.get('/api/landing/contact-requests'), 'contact requests');
  // Money: the enrollment's ledger payment, a transfer order with a receipt to review, a plan invoice with its receipt.
  const { entries } = await ok(b.get('/api/revenue/teacher/entries'), 'ledger');
  await ok(
    b.put('/api/payments/teacher/transfer-settings', { transferEnabled: true, ccpHolder: 'أستاذ', ccpNumber: '0012345678', ccpKey: '42' }),
    'transfer settings',
  );
  const order = await ok(student.b.post(`http://${host}/api/payments/student/transfer-orders`, { courseId, planId, method: 'ccp' }), 'transfer order');
  const receipt = await ok(upload(t, student.b, `/api/payments/student/receipts/${order.id as string}`, PNG, 'image/png', 'r.png'), 'receipt');
  const invoice = await ok(b.post('/api/billing/teacher/invoices', { plan: 'independent', period: 'monthly', method: 'transfer' }), 'plan invoice');
  await ok(sendReceipt(t, teacher, invoice.id as string, PNG, 'image/png'), 'plan receipt');
  // A message with an attachment in the teacher–student conversation (issue 26).
  const attachment = await ok(
    upload(t, b, `/api/messages/teacher/conversations/${student.id as string}/attachment`, PNG, 'image/png', 'a.png'),
    'message attachment',
  );
  // A quiz with a handwritten answer, submitted and waiting for grading, and a bank question (issue 25).
  const photoQuestion = { id: 'matrix-photo', type: 'upload', prompt: 'ارفع الحل', points: 0, rubric: [{ id: 'all', label: 'الحل', points: 2 }] };
  const quizBody = {
    title: 'اختبار',
    courseId,
    sectionId,
    attemptsAllowed: null,
    subjects: [{ id: 's', exercises: [{ id: 'e', questions: [photoQuestion] }] }],
  };
  const quiz = await ok(b.post('/api/quizzes/teacher/quizzes', quizBody), 'quiz');
  const bankQuestion = { chapter: 'الدوال', question: { id: 'bank-q', type: 'truefalse', prompt: 'صحيح؟', points: 1, correct: true } };
  const bank = await ok(b.post(`/api/quizzes/teacher/courses/${courseId}/bank`, bankQuestion), 'bank question');
  const figure = await ok(upload(t, b, `/api/quizzes/teacher/figures/${quiz.id as string}`, PNG, 'image/png'), 'quiz figure');
  const bankFigure = await ok(upload(t, b, `/api/quizzes/teacher/figures/bank/${courseId}`, PNG, 'image/png'), 'bank figure');
  const attempt = await ok(student.b.post(`http://${host}/api/quizzes/student/quizzes/${quiz.id as string}/attempts`, {}), 'attempt');
  const attemptId = attempt.attempt.id as string;
  await ok(upload(t, student.b, `/api/quizzes/student/uploads/${attemptId}/matrix-photo`, PNG, 'image/png'), 'handwriting');
  await ok(student.b.post(`http://${host}/api/quizzes/student/attempts/${attemptId}/submit`), 'submit');
  const staff = await staffMember(t, teacher, 'owner');
  await ok(inviteAs(teacher, `waiting-${teacher.subdomain}@example.test`, 'assistant'), 'staff invitation');
  const team = await ok(b.get('/api/staff/teacher/team'), 'team');
  const fx: TFixture = {
    courseId,
    sectionId,
    lessonId,
    planId,
    batchId: batch.id,
    codeId: codeRows[0].id,
    requestId: requests[0].id,
    enrollmentId: enrollment.id,
    certificateId: certificate.id,
    groupId: group.id,
    studentId: student.id,
    sessionId: sessionIds[0]!,
    pageId: page.id,
    contactRequestId: contact.requests[0].id,
    teacherId: teacher.id,
    subdomain: teacher.subdomain,
    pageBody: editable(page),
    orderId: order.id,
    receiptId: receipt.id,
    entryId: entries[0].id,
    invoiceId: invoice.id,
    quizId: quiz.id,
    messageId: attachment.id,
    quizLessonId: quiz.lessonId,
    attemptId,
    bankQuestionId: bank.id,
    quizQuestionId: 'matrix-photo',
    figureName: figure.figure,
    bankFigureName: bankFigure.figure,
    memberId: staff.memberId,
    invitationId: team.invitations[0].id,
  };
  return { teacher, student: student.b, staff: staff.b, fx };
}
