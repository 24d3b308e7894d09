// 500 students taking the same exam within one minute on PostgreSQL (issue 25): each starts, saves 10 answers one by
// one as typed, replays its whole offline queue once (every answer sent twice), and submits. Through HTTP
// (app.request: routing, session, validation, service, JSON). Reports p50/p95 of start, save and submit and checks
// that no answer was lost or counted twice. Run: node bench/run.mjs quiz-submit (needs TEST_DATABASE_URL or
// DATABASE_URL; default the local server). Writes bench/results/quiz-submit.md.
import os from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { ZQuizCreate } from '@shared/quizzes/schemas';
import { createApp } from '@server/app';
import { courseSections, enrollments, quizAnswers, quizAttempts } from '@server/core/db/schema';
import { postgresDatabase, seedTeacher, servicesFor, sessionCookie } from './courses-seed';
import { size, writeResult } from './smoke';

const STUDENTS = size(Number(process.env.QUIZ_BENCH_STUDENTS) || 500, 5);
const WINDOW_MS = size(60_000, 1_000);
const THINK_MS = size(150, 0);
const options = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `$x=${id}$` }));

/** 10 questions over two exercises: every automatic type, 2 points each. */
const questions = Array.from({ length: 10 }, (_, i) => {
  const id = `q${i}`;
  const kinds = [
    { type: 'single', options, correct: 'b' },
    { type: 'numeric', answer: '9.81', tolerance: 0.05, unit: 'm/s^2' },
    { type: 'expression', answer: '2x+2' },
    { type: 'truefalse', correct: true },
    { type: 'text', accepted: ['نيوتن'] },
  ];
  return { id, prompt: `السؤال ${i + 1}`, points: 2, ...kinds[i % kinds.length] };
});
const rightAnswer = (i: number) => [{ choices: ['b'] }, { text: '9.8', unit: 'm/s^2' }, { text: '2(x+1)' }, { bool: true }, { text: 'نيوتن' }][i % 5]!;

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const pgDb = await postgresDatabase();
  const services = servicesFor(pgDb.database);
  try {
    const scale = await seedTeacher(services, STUDENTS);
    const courseId = scale.courseIds[0]!;
    const [section] = await services.db.select().from(courseSections).where(eq(courseSections.courseId, courseId));
    const now = new Date();
    await services.db.insert(enrollments).values(
      scale.studentIds.map((studentId) => ({
        teacherId: scale.teacher.id,
        courseId,
        studentId,
        type: 'monthly',
        startedAt: now,
        expiresAt: new Date(now.getTime() + 30 * 86_400_000),
        source: 'teacher',
      })),
    );
    const input = ZQuizCreate.parse({
      courseId,
      sectionId: section!.id,
      title: 'امتحان تجريبي',
      kind: 'exam',
      timeLimitMinutes: 120,
      subjects: [{ id: 's', exercises: [0, 1].map((e) => ({ id: `e${e}`, questions: questions.slice(e * 5, e * 5 + 5) })) }],
    });
    const quiz = await services.quizzes.authoring.createQuiz(scale.teacher.id, input);
    const cookies = await Promise.all(scale.studentIds.map((id) => sessionCookie(services, id)));
    const app = createApp({ services, database: pgDb.database, logger: pino({ level: 'silent' }) });
    const origin = `${services.config.publicHttps ? 'https' : 'http'}://${services.config.publicHost}`;
    let retries = 0;
    /** The time of each request the server served (not refused), whatever its kind. */
    const served: number[] = [];
    // The overload guard (decision 111) answers 429/503 when a kind of request is at capacity: the web's answer
    // queue sends again after a pause, and so does the bench (the time measured includes the retries).
    const call = async (method: string, url: string, cookie: string, body?: unknown): Promise<Record<string, unknown>> => {
      for (let attempt = 0; ; attempt += 1) {
        const t0 = performance.now();
        const res = await app.request(`${origin}${url}`, {
          method,
          headers: { host: services.config.publicHost, cookie, origin, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await res.json()) as Record<string, unknown>;
        if ((res.status === 429 || res.status === 503) && attempt < 200) {
          retries += 1;
          await sleep(Math.min(2_000, 200 * 1.5 ** attempt) * (0.5 + Math.random()));
          continue;
        }
        served.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
        return json;
      }
    };
    const times = { start: [] as number[], save: [] as number[], replay: [] as number[], submit: [] as number[] };
    const timed = async <T>(into: number[], task: () => Promise<T>) => {
      const t0 = performance.now();
      const out = await task();
      into.push(performance.now() - t0);
      return out;
    };
    let refusedReplays = 0;
    const student = async (i: number) => {
      await sleep((i * WINDOW_MS) / STUDENTS);
      const cookie = cookies[i]!;
      const view = (await timed(times.start, () => call('POST', `/api/quizzes/student/quizzes/${quiz.id}/attempts`, cookie, {}))) as {
        attempt: { id: string };
      };
      const id = view.attempt.id;
      const queue = questions.map((q, n) => ({ questionId: q.id, value: rightAnswer(n), clientId: `device-${i}`, seq: n + 1 }));
      for (const answer of queue) {
        await timed(times.save, () => call('PUT', `/api/quizzes/student/attempts/${id}/answers`, cookie, { answers: [answer] }));
        if (THINK_MS) await sleep(THINK_MS);
      }
      const replay = (await timed(times.replay, () => call('PUT', `/api/quizzes/student/attempts/${id}/answers`, cookie, { answers: queue }))) as {
        saved: Array<{ applied: boolean }>;
      };
      refusedReplays += replay.saved.filter((s) => !s.applied).length;
      await timed(times.submit, () => call('POST', `/api/quizzes/student/attempts/${id}/submit`, cookie, {}));
    };
    const t0 = Date.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(scale.studentIds.map((_, i) => student(i)));
    const wall = (Date.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, served.length + retries);
    const [answers] = await services.db
      .select({ n: count() })
      .from(quizAnswers)
      .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
      .where(eq(quizAttempts.quizId, quiz.id));
    const attempts = await services.db
      .select({ points: quizAttempts.points })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.status, 'graded')));
    const expected = STUDENTS * questions.length;
    const full = attempts.filter((a) => a.points === 20).length;
    const lost = expected - (answers?.n ?? 0);
    const lines = [
      '# Quiz submissions (issue 25)',
      '',
      `${STUDENTS} students take the same 10-question exam, arriving over ${WINDOW_MS / 1000} s, on PostgreSQL, through HTTP (app.request).`,
      `Each: start, 10 saves one by one (${THINK_MS} ms apart), the whole offline queue replayed once, submit. Machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)} at the end (shared).`,
      '',
      '| request | n | p50 ms | p95 ms | max ms |',
      '|---|---|---|---|---|',
      ...Object.entries(times).map(([k, v]) => {
        const s = stats(v);
        return `| ${k} | ${s.n} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} |`;
      }),
      `| any request served (no retry wait) | ${stats(served).n} | ${stats(served).p50.toFixed(1)} | ${stats(served).p95.toFixed(1)} | ${stats(served).max.toFixed(1)} |`,
      '',
      `Answers stored: ${answers?.n ?? 0} of ${expected} (lost: ${lost}); replayed answers applied twice: ${expected - refusedReplays}.`,
      `Attempts graded: ${attempts.length} of ${STUDENTS}, full marks (20/20): ${full}. Wall time ${wall.toFixed(1)} s. Requests sent again after a 429/503 of the overload guard: ${retries}.`,
      `Node CPU (server and load generator together, PostgreSQL not counted): ${cpuPerRequest.toFixed(2)} ms per request answered or refused.`,
      '',
    ];
    console.log(lines.join('\n'));
    writeResult('bench/results/quiz-submit.md', lines.join('\n'));
    if (lost !== 0 || full !== STUDENTS || refusedReplays !== expected) process.exitCode = 1;
  } finally {
    await pgDb.drop();
  }
}

await main();
