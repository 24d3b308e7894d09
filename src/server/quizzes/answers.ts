import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DEADLINE_GRACE_SECONDS, HANDWRITING_MAX_BYTES, type TAnswerSave } from '@shared/quizzes/schemas';
import { scoreQuestion, correctAnswerText } from '@shared/quizzes/scoring';
import type { TSaveResult } from '@shared/quizzes/views';
import { iso } from '@server/core/dates';
import { quizAnswers, quizAttempts } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { checkReceipt } from '@server/core/receipt-check';
import { at, executeNamed, isUuid, msOrNull, type TTx } from '@server/core/db/sql';
import type { TQuizzesDeps } from './deps';
import { expired } from './paper-view';
import { quizById, studentAttempt } from './queries';
import { lessonPrefix } from './storage';

/*
 * Answers saved one by one as they are typed, or replayed from the device's offline queue (decision 162). Each
 * carries the device's seq: the highest seq per question wins, so the same answer sent twice counts once and an
 * older one arriving late changes nothing. The attempt's row is read FOR SHARE in the same statement as the upsert
 * (decision 231), so a submission (which updates that row) waits for a save in flight, and a save after it is refused.
 */

async function lockOpen(tx: TTx, studentId: string, attemptId: string, now: Date) {
  const [row] = await tx
    .select({
      id: quizAttempts.id,
      teacherId: quizAttempts.teacherId,
      status: quizAttempts.status,
      deadlineAt: quizAttempts.deadlineAt,
      // Only the paper's question ids: a save does not need to read the whole paper.
      questionIds: sql<string[]>`jsonb_path_query_array(${quizAttempts.paper}, '$.exercises[*].questions[*].id')`,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.studentId, studentId)))
    .for('share');
  if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
  if (row.status !== 'open') throw new AppError('ATTEMPT_ALREADY_SUBMITTED');
  if (expired(row, now)) throw new AppError('ATTEMPT_DEADLINE_PASSED');
  return row;
}

const questionIn = (paper: { exercises: Array<{ questions: Array<{ id: string; type: string }> }> }, id: string) =>
  paper.exercises.flatMap((e) => e.questions).find((q) => q.id === id) ?? null;

type TSaveRow = { teacher_id: string; status: string; deadline_ms: string | number | null; question_ids: string[]; applied: Array<[string, number | string]> };

/**
 * One statement (decision 231): the attempt's row read FOR SHARE, the answers upserted only when it is open, in time
 * and every question is on its paper, and the row returned so that a refusal is explained. A statement is atomic and
 * keeps its row lock to its end, as the transaction of four round trips did; a named prepared statement, planned
 * once per connection.
 */
function saveStatement(studentId: string, attemptId: string, answers: TAnswerSave['answers'], now: Date) {
  const rows = answers.map((x) => ({ question_id: x.questionId, value: x.value, client_id: x.clientId, seq: x.seq }));
  const limit = new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000);
  return sql`
    with a as (
      select id, teacher_id, status, deadline_at,
        jsonb_path_query_array(paper, '$.exercises[*].questions[*].id') as question_ids
      from quiz_attempts where id = ${attemptId}::uuid and student_id = ${studentId} for share
    ), v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(question_id text, value jsonb, client_id text, seq bigint)
    ), ins as (
      insert into quiz_answers (teacher_id, attempt_id, question_id, value, client_id, seq, saved_at)
      select a.teacher_id, a.id, v.question_id, v.value, v.client_id, v.seq, ${at(now)}
      from a cross join v
      where a.status = 'open' and (a.deadline_at is null or a.deadline_at >= ${at(limit)})
        and a.question_ids @> ${JSON.stringify(answers.map((x) => x.questionId))}::jsonb
      on conflict (attempt_id, question_id) do update
        set value = excluded.value, client_id = excluded.client_id, seq = excluded.seq, saved_at = excluded.saved_at
        where quiz_answers.seq < excluded.seq
      returning question_id, seq
    )
    select a.teacher_id, a.status, extract(epoch from a.deadline_at) * 1000 as deadline_ms, a.question_ids,
      coalesce((select jsonb_agg(jsonb_build_array(ins.question_id, ins.seq)) from ins), '[]'::jsonb) as applied
    from a`;
}

export async function saveAnswers({ db, clock }: TQuizzesDeps, studentId: string, attemptId: string, input: TAnswerSave): Promise<TSaveResult> {
  if (!isUuid(attemptId)) throw new AppError('ATTEMPT_NOT_FOUND');
  const now = clock.now();
  // Per question, the latest of this batch (a queue may hold several edits of one answer).
  const latest = new Map<string, TAnswerSave['answers'][number]>();
  for (const answer of input.answers) {
    const seen = latest.get(answer.questionId);
    if (!seen || answer.seq > seen.seq) latest.set(answer.questionId, answer);
  }
  const [row] = await executeNamed<TSaveRow>(db, saveStatement(studentId, attemptId, [...latest.values()], now));
  if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
  const deadlineAt = msOrNull(row.deadline_ms);
  // The statement wrote nothing in these cases; the same checks, on the row it read, tell which.
  if (row.status !== 'open') throw new AppError('ATTEMPT_ALREADY_SUBMITTED');
  if (expired({ deadlineAt }, now)) throw new AppError('ATTEMPT_DEADLINE_PASSED');
  for (const id of latest.keys()) if (!row.question_ids.includes(id)) throw new AppError('ATTEMPT_QUESTION_UNKNOWN');
  const done = new Set(row.applied.map(([questionId, seq]) => `${questionId}:${Number(seq)}`));
  return {
    saved: input.answers.map((x) => ({ questionId: x.questionId, seq: x.seq, applied: done.has(`${x.questionId}:${x.seq}`) })),
    deadlineAt: iso(deadlineAt),
    now: now.toISOString(),
  };
}

/** A photo or PDF of handwritten working: checked like a receipt (core/receipt-check), stored under ids only. */
export async function uploadHandwriting(deps: TQuizzesDeps, studentId: string, attemptId: string, questionId: string, body: Buffer) {
  const { db, clock, storage } = deps;
  const first = await studentAttempt(db, studentId, attemptId);
  const q = questionIn(first.paper, questionId);
  if (!q) throw new AppError('ATTEMPT_QUESTION_UNKNOWN');
  if (q.type !== 'upload') throw new AppError('HANDWRITING_INVALID');
  const checked = await checkReceipt(body, HANDWRITING_MAX_BYTES).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'RECEIPT_TOO_LARGE') throw new AppError('HANDWRITING_TOO_LARGE', undefined, error.params);
    throw new AppError('HANDWRITING_INVALID');
  });
  const { lessonId } = await quizById(db, first.quizId);
  const fileKey = `${lessonPrefix(first.teacherId, lessonId)}${first.id}/${randomUUID()}.${checked.ext}`;
  await storage.put(fileKey, checked.bytes);
  const now = clock.now();
  const file = { name: `${questionId}.${checked.ext}`, type: checked.mime, size: checked.bytes.length };
  await db.transaction(async (tx) => {
    const row = await lockOpen(tx, studentId, attemptId, now);
    await tx
      .insert(quizAnswers)
      .values({
        teacherId: row.teacherId,
        attemptId: row.id,
        questionId,
        value: {},
        clientId: 'upload',
        seq: now.getTime(),
        savedAt: now,
        fileKey,
        fileName: file.name,
        fileType: file.type,
        fileSize: file.size,
      })
      .onConflictDoUpdate({
        target: [quizAnswers.attemptId, quizAnswers.questionId],
        set: { fileKey, fileName: file.name, fileType: file.type, fileSize: file.size, savedAt: now },
      });
  });
  return { questionId, file };
}

/** The stored file of one answer, for its student or its teacher. */
export async function answerFile({ db, storage }: TQuizzesDeps, owner: { studentId: string } | { teacherId: string }, attemptId: string, questionId: string) {
  const [row] = await db
    .select({ fileKey: quizAnswers.fileKey, fileType: quizAnswers.fileType, fileName: quizAnswers.fileName })
    .from(quizAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
    .where(
      and(
        eq(quizAnswers.attemptId, attemptId),
        eq(quizAnswers.questionId, questionId),
        'studentId' in owner ? eq(quizAttempts.studentId, owner.studentId) : eq(quizAttempts.teacherId, owner.teacherId),
      ),
    );
  if (!row?.fileKey) throw new AppError('NOT_FOUND');
  const stored = await storage.get(row.fileKey);
  if (!stored) throw new AppError('NOT_FOUND');
  return { ...stored, mime: row.fileType ?? 'application/octet-stream', name: row.fileName ?? 'file' };
}

/** Practice mode: the mark of one saved answer with its solution, at once. */
export async function checkAnswer({ db }: TQuizzesDeps, studentId: string, attemptId: string, questionId: string) {
  const row = await studentAttempt(db, studentId, attemptId);
  if (!row.practice) throw new AppError('QUIZ_PRACTICE_ONLY');
  const q = row.paper.exercises.flatMap((e) => e.questions).find((x) => x.id === questionId);
  if (!q) throw new AppError('ATTEMPT_QUESTION_UNKNOWN');
  const [answer] = await db
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, row.id), eq(quizAnswers.questionId, questionId)));
  const mark = scoreQuestion(q, answer?.value ?? null, Boolean(answer?.fileKey));
  return { questionId, earned: mark.earned, correct: mark.correct, correctAnswer: correctAnswerText(q), solution: q.solution };
}
