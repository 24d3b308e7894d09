// 500 students taking the same exam within one minute on PostgreSQL (issue 25): each starts, saves 10 answers one by
// one as typed, replays its whole offline queue once (every answer sent twice), and submits. Through HTTP
// (app.request: routing, session, validation, service, JSON). Reports p50/p95 of start, save and submit and checks
// that no answer was lost or counted twice. Run: node bench/run.mjs quiz-submit (needs TEST_DATABASE_URL or
// DATABASE_URL; default the local server). Writes bench/results/quiz-submit.md.
//
// QUIZ_BENCH_COST=1 measures instead what one request costs, one client, nothing else running in the process: SQL
// statements sent to PostgreSQL per save and per submit (BEGIN and COMMIT count), and Node CPU ms per request,
// over QUIZ_BENCH_COST_N sequential requests (default 200). It prints its figures and writes nothing.
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
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

/** Every statement node-postgres sends while `on` (pool clients are pg.Client: BEGIN/COMMIT included). */
function statementCounter() {
  const counter = { on: false, texts: [] as string[] };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counter.on) {
      const first = args[0] as string | { text?: string };
      counter.texts.push(typeof first === 'string' ? first : (first.text ?? ''));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return counter;
}

type TCall = (method: string, url: string, cookie: string, body?: unknown) => Promise<Record<string, unknown>>;

/** N sequential requests of one kind: statements and CPU ms per request. */
async function costOf(counter: ReturnType<typeof statementCounter>, n: number, one: (i: number) => Promise<unknown>) {
  await one(-1); // warm: JIT, prepared paths, caches
  counter.texts = [];
  counter.on = true;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i += 1) await one(i);
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  counter.on = false;
  const kinds = new Map<string, number>();
  for (const text of counter.texts) {
    const key = text.replace(/\s+/g, ' ').slice(0, 90);
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return {
    statements: counter.texts.length / n,
    cpuMs: (cpu.user + cpu.system) / 1000 / n,
    wallMs: wall / n,
    kinds: [...kinds].map(([k, v]) => `${(v / n).toFixed(2)} × ${k}`),
  };
}

async function measureCost(call: TCall, counter: ReturnType<typeof statementCounter>, quizId: string, cookies: string[]) {
  const n = Number(process.env.QUIZ_BENCH_COST_N) || 200;
  const start = async (cookie: string) =>
    ((await call('POST', `/api/quizzes/student/quizzes/${quizId}/attempts`, cookie, {})) as { attempt: { id: string } }).attempt.id;
  const first = await start(cookies[0]!);
  const save = await costOf(counter, n, (i) =>
    call('PUT', `/api/quizzes/student/attempts/${first}/answers`, cookies[0]!, {
      answers: [{ questionId: questions[(i + 10) % 10]!.id, value: rightAnswer((i + 10) % 10), clientId: 'device-cost', seq: i + 2 }],
    }),
  );
  // Submits: one attempt per student, each with its 10 answers saved beforehand (not counted).
  const ready: Array<{ cookie: string; id: string }> = [];
  for (const cookie of cookies.slice(1)) {
    const id = await start(cookie);
    const answers = questions.map((q, k) => ({ questionId: q.id, value: rightAnswer(k), clientId: 'device-cost', seq: 1 }));
    await call('PUT', `/api/quizzes/student/attempts/${id}/answers`, cookie, { answers });
    ready.push({ cookie, id });
  }
  const submit = await costOf(counter, ready.length - 1, (i) => {
    const r = ready[i + 1]!;
    return call('POST', `/api/quizzes/student/attempts/${r.id}/submit`, r.cookie, {});
  });
  const line = (name: string, c: typeof save) => `| ${name} | ${c.statements.toFixed(2)} | ${c.cpuMs.toFixed(2)} | ${c.wallMs.toFixed(2)} |`;
  console.log(
    [
      `Per-request cost, one client, sequential, PostgreSQL (${new Date().toISOString()}; saves: ${n}, submits: ${ready.length - 1})`,
      '',
      '| request | SQL statements / request | Node CPU ms / request | wall ms / request |',
      '|---|---|---|---|',
      line('save (one answer)', save),
      line('submit (10 answers)', submit),
      '',
      'save statements:',
      ...save.kinds.map((k) => `  ${k}`),
      'submit statements:',
      ...submit.kinds.map((k) => `  ${k}`),
    ].join('\n'),
  );
}

async function main() {
  const costOnly = process.env.QUIZ_BENCH_COST === '1';
  const counter = statementCounter();
  const pgDb = await postgresDatabase();
  const services = servicesFor(pgDb.database);
  try {
    const scale = await seedTeacher(services, costOnly ? size(51, 3) : STUDENTS);
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
      attemptsAllowed: costOnly ? null : 1,
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
    if (costOnly) return await measureCost(call, counter, quiz.id, cookies);
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
    // The dated per-request cost sections below the load run's figures are kept (decision 231).
    const previous = fs.existsSync('bench/results/quiz-submit.md') ? fs.readFileSync('bench/results/quiz-submit.md', 'utf8') : '';
    const kept = previous.indexOf('\n## Per-request cost');
    writeResult('bench/results/quiz-submit.md', lines.join('\n') + (kept >= 0 ? previous.slice(kept) : ''));
    if (lost !== 0 || full !== STUDENTS || refusedReplays !== expected) process.exitCode = 1;
  } finally {
    await pgDb.drop();
  }
}

await main();
