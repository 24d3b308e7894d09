import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { teachers } from '@server/core/db/schema';
import { seedDemo } from '@server/seed';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

// The demo shows every feature working after `npm start` (issues 25, 26, 28): a quiz the student took, a mock
// exam, a conversation, a broadcast and an assistant on the teacher's team.
describe(`the demo's quizzes, messages and team on ${DRIVER}`, () => {
  it('seeds a marked quiz, a two-subject mock exam, a conversation, a broadcast and an assistant', { timeout: 120_000 }, async () => {
    t = await createTestApp();
    expect((await seedDemo(t.services)).failed).toBeNull();
    const [teacher] = await t.database.db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
    expect(teacher!.plan).toBe('academy');
    const course = (await t.services.courses.courses.list(teacher!)).courses.find((c) => c.title === 'تحضير البكالوريا: اختبارات الرياضيات')!;

    const { quizzes } = await t.services.quizzes.authoring.listQuizzes(teacher!.id, course.id);
    expect(quizzes.map((q) => q.kind).sort()).toEqual(['mock', 'quiz']);
    const quiz = quizzes.find((q) => q.kind === 'quiz')!;
    const { attempts } = await t.services.quizzes.results.listAttempts(teacher!.id, quiz.id);
    // Three of four answers right (the derivative typed as 2e^(2x) is recognised as 2*exp(2*x)): 6 of 8 points, 15/20.
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'graded', points: 6, maxPoints: 8, scaled: 15, passed: true });
    const mock = await t.services.quizzes.authoring.getQuiz(teacher!.id, quizzes.find((q) => q.kind === 'mock')!.id);
    expect(mock.subjects).toHaveLength(2);

    const { conversations } = await t.services.messages.teacherConversations(teacher!.id);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ unread: 1 });
    const broadcasts = await t.services.messages.listBroadcasts(teacher!.id);
    expect(JSON.stringify(broadcasts)).toContain('الامتحان التجريبي');

    const team = await t.services.staff.invitations.team(teacher!.id);
    expect(JSON.stringify(team)).toContain('assistant@darsi.test');
    expect(JSON.stringify(team)).toContain('editor@darsi.test');
  });
});
