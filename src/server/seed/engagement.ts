import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ZQuizCreate } from '@shared/quizzes/schemas';
import { audit } from '@server/core/audit';
import { courses, staffInvitations, staffMembers, students, teachers, user } from '@server/core/db/schema';
import type { TServices } from '@server/services';
import { createUser, DEMO_ACCOUNTS, DEMO_SUBDOMAIN } from './demo-accounts';
import type { TSeedStep } from './index';

const DAY = 86_400_000;
const COURSE_TITLE = 'الرياضيات — الدوال الأسية واللوغاريتمية';
const where = { hostSubdomain: DEMO_SUBDOMAIN };
const TESTS_COURSE = 'تحضير البكالوريا: اختبارات الرياضيات';

/** The demo teacher, student and paid course the other steps made; null on a database without them. */
async function demoCast({ db }: TServices) {
  const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, DEMO_SUBDOMAIN));
  const [student] = await db.select({ id: students.id }).from(students).innerJoin(user, eq(user.id, students.id)).where(eq(user.email, DEMO_ACCOUNTS.student));
  if (!teacher || !student) return null;
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.teacherId, teacher.id), eq(courses.title, COURSE_TITLE)));
  return course ? { teacher, studentId: student.id, courseId: course.id } : null;
}

/** What a teacher types: the schema fills the defaults (figures, aliases…) as it does for the editor. */
type TQuizDraft = z.input<typeof ZQuizCreate>;

const SHORT_QUIZ_QUESTIONS: TQuizDraft['subjects'][number]['exercises'][number]['questions'] = [
  {
    id: 'q1',
    type: 'single',
    prompt: 'ما قيمة $e^0$ ؟',
    points: 2,
    hint: '',
    solution: '$e^0 = 1$',
    variables: [],
    negative: false,
    correct: 'b',
    options: [
      { id: 'a', text: '0' },
      { id: 'b', text: '1' },
      { id: 'c', text: '$e$' },
    ],
  },
  {
    id: 'q2',
    type: 'truefalse',
    prompt: 'الدالة $x \\mapsto e^x$ متزايدة تماماً على $\\mathbb{R}$.',
    points: 1,
    hint: '',
    solution: 'مشتقتها $e^x > 0$.',
    variables: [],
    negative: false,
    correct: true,
  },
  {
    id: 'q3',
    type: 'expression',
    prompt: 'مشتقة الدالة $f(x) = e^{2x}$ هي:',
    points: 3,
    hint: "مشتقة $e^{u}$ هي $u'e^{u}$.",
    solution: "$f'(x) = 2e^{2x}$",
    variables: [],
    answer: '2*exp(2*x)',
    symbols: ['x'],
  },
  {
    id: 'q4',
    type: 'numeric',
    prompt: 'قيمة $\\ln(e^{{a}})$ هي:',
    points: 2,
    hint: '',
    solution: '$\\ln(e^{a}) = a$',
    variables: [{ name: 'a', min: 2, max: 9, step: 1 }],
    answer: 'a',
    tolerance: 0,
    toleranceType: 'absolute',
    unit: '',
    unitAliases: [],
    unitRequired: false,
  },
];

/** A short quiz of the course's first two units: choice, true/false, a derivative checked by algebra, a drawn number. */
const shortQuiz = (courseId: string, sectionId: string): TQuizDraft => ({
  courseId,
  sectionId,
  title: 'اختبار قصير: الدالة الأسية',
  description: 'أربعة أسئلة في عشرين دقيقة، تُصحَّح فور الإرسال.',
  kind: 'quiz',
  timeLimitMinutes: 20,
  attemptsAllowed: 2,
  passPercent: 50,
  scaleTo: 20,
  showAnswers: 'after_submit',
  opensAt: null,
  closesAt: null,
  shuffleQuestions: false,
  shuffleOptions: false,
  mustPass: false,
  draws: [],
  drawPoints: 1,
  subjects: [
    {
      id: 's1',
      title: '',
      exercises: [
        {
          id: 'e1',
          title: 'خواص الدالة الأسية',
          intro: '',
          questions: SHORT_QUIZ_QUESTIONS,
        },
      ],
    },
  ],
});

/** A BAC-style mock exam: two subjects to choose from, each an exercise with points, one answer handwritten and marked against a scale. */
const mockExam = (courseId: string, sectionId: string): TQuizDraft => {
  const subject = (n: 1 | 2, fn: string, derivative: string) => ({
    id: `s${n}`,
    title: n === 1 ? 'الموضوع الأول' : 'الموضوع الثاني',
    exercises: [
      {
        id: `s${n}e1`,
        title: 'التمرين الأول (7 نقاط)',
        intro: `نعتبر الدالة $f$ المعرفة على $\\mathbb{R}$ بـ $f(x) = ${fn}$.`,
        questions: [
          {
            id: `s${n}q1`,
            type: 'expression' as const,
            prompt: "عبارة $f'(x)$ هي:",
            points: 3,
            hint: '',
            solution: '',
            variables: [],
            answer: derivative,
            symbols: ['x'],
          },
          {
            id: `s${n}q2`,
            type: 'upload' as const,
            prompt: 'اتجاه تغير الدالة $f$ وجدول تغيراتها (صورة ورقة الحل).',
            points: 4,
            hint: '',
            solution: '',
            variables: [],
            rubric: [
              { id: 'sign', label: "إشارة $f'(x)$ مبررة", points: 2 },
              { id: 'table', label: 'جدول التغيرات كامل', points: 2 },
            ],
          },
        ],
      },
    ],
  });
  return {
    ...shortQuiz(courseId, sectionId),
    title: 'امتحان تجريبي — بكالوريا 2026 (رياضيات)',
    description: 'الاختيار بين موضوعين. المدة ثلاث ساعات ونصف، والعلامة على 20.',
    kind: 'mock',
    timeLimitMinutes: 210,
    attemptsAllowed: 1,
    passPercent: 50,
    showAnswers: 'after_close',
    subjects: [subject(1, '(x+1)e^{x}', '(x+2)*exp(x)'), subject(2, 'x e^{-x}', '(1-x)*exp(-x)')],
  };
};

/**
 * Issue 25: a free, self-paced course of BAC tests (the kind of course that brings students to a teacher), with a
 * short quiz the demo student took (15/20: one slip on the drawn number) and a two-subject mock exam still to take.
 * A course of its own, so that the organized course keeps its outline and progress.
 */
const QUIZZES_STEP: TSeedStep = {
  name: 'quizzes-demo',
  run: async (services) => {
    const cast = await demoCast(services);
    if (!cast) return;
    const { teacher, studentId } = cast;
    const { courses: catalogue, content } = services.courses;
    const { id: courseId } = await catalogue.create(teacher, {
      title: TESTS_COURSE,
      description: 'اختبارات قصيرة بعد كل وحدة وامتحان تجريبي بموضوعين، بالتنقيط الرسمي على 20.',
      kind: 'regular',
    });
    const section = await content.addSection(teacher.id, courseId, 'الاختبارات والامتحانات التجريبية');
    await catalogue.putPlans(teacher.id, courseId, [{ type: 'free', priceDzd: 0, durationDays: null, autoRenew: false }]);
    const quiz = await services.quizzes.authoring.createQuiz(teacher.id, ZQuizCreate.parse(shortQuiz(courseId, section.id)));
    await services.quizzes.authoring.createQuiz(teacher.id, ZQuizCreate.parse(mockExam(courseId, section.id)));
    await catalogue.update(teacher, courseId, { status: 'published' });
    await services.learning.enrollFree(studentId, courseId, where, '127.0.0.1');
    const taking = services.quizzes.taking;
    const attempt = await taking.startAttempt(studentId, quiz.id, { practice: false }, where);
    const answers = [
      { questionId: 'q1', value: { choices: ['b'] } },
      { questionId: 'q2', value: { bool: true } },
      { questionId: 'q3', value: { text: '2e^(2x)' } },
      { questionId: 'q4', value: { text: '1' } },
    ];
    await taking.saveAnswers(studentId, attempt.attempt.id, { answers: answers.map((a, seq) => ({ ...a, clientId: 'demo-seed-device', seq })) });
    await taking.submitAttempt(studentId, attempt.attempt.id);
  },
};

/** Issue 28: an assistant who sells the cards and answers students, and an invitation still waiting for a content editor. */
const STAFF_STEP: TSeedStep = {
  name: 'staff-demo',
  run: async (services) => {
    const cast = await demoCast(services);
    if (!cast || cast.teacher.plan === 'independent') return;
    const { db, clock } = services;
    const assistantId = await createUser(services, 'ياسين المساعد', DEMO_ACCOUNTS.assistant, 'student');
    const [member] = await db
      .insert(staffMembers)
      .values({ teacherId: cast.teacher.id, userId: assistantId, role: 'assistant' })
      .onConflictDoNothing()
      .returning();
    const now = clock.now();
    await db
      .insert(staffInvitations)
      .values({ teacherId: cast.teacher.id, email: 'editor@darsi.test', role: 'content_editor', expiresAt: new Date(now.getTime() + 6 * DAY) });
    if (member)
      await audit(db, {
        actorUserId: assistantId,
        actorRole: 'staff',
        action: 'staff.joined',
        targetType: 'staff_member',
        targetId: member.id,
        teacherId: cast.teacher.id,
        details: { email: DEMO_ACCOUNTS.assistant, role: 'assistant' },
        ip: '127.0.0.1',
      });
  },
};

/** Issue 26: a conversation with the demo student (one reply waits to be read) and a broadcast to the course. */
const MESSAGES_STEP: TSeedStep = {
  name: 'messages-demo',
  run: async (services) => {
    const cast = await demoCast(services);
    if (!cast) return;
    const { teacher, studentId, courseId } = cast;
    const m = services.messages;
    await m.studentSend(studentId, teacher.id, { body: 'السلام عليكم أستاذ، لم أفهم السؤال الرابع في الاختبار القصير: كيف نحسب ln(e^a)؟' });
    await m.teacherThread(teacher.id, studentId); // read, as a teacher does before answering
    await m.teacherSend(teacher.id, studentId, {
      body: 'وعليكم السلام. الدالة ln هي الدالة العكسية للدالة الأسية، إذن ln(e^a) = a. راجعي درس «الدالة اللوغاريتمية النيبيرية».',
    });
    await m.studentThread(studentId, teacher.id);
    await m.studentSend(studentId, teacher.id, { body: 'فهمت الآن، شكراً جزيلاً!' });
    await m.sendBroadcast(teacher.id, {
      audience: 'course',
      courseId,
      body: 'تذكير: الامتحان التجريبي للبكالوريا متاح الآن في الوحدة الثالثة. خصصوا له ثلاث ساعات ونصف دون انقطاع، وبالتوفيق للجميع.',
    });
  },
};

export const ENGAGEMENT_SEED_STEPS: TSeedStep[] = [QUIZZES_STEP, STAFF_STEP, MESSAGES_STEP];
