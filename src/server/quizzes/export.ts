import type { TLanguage } from '@shared/i18n';
import { csvFileName, localDateTime, toCsv } from '@server/core/csv';
import { localeInstance } from '@server/core/i18n';
import type { TQuizzes } from './index';

/** The `common` namespace's quizExport block: the attempts export's columns in the teacher's language. */
const texts = localeInstance(['common'], 'common');
const text = (lng: TLanguage, key: string) => texts.t(`quizExport.${key}`, { lng, ns: 'common' });

/** Every attempt of a quiz as CSV (UTF-8 with a BOM, like the revenue export), on the Algiers clock. */
export async function attemptsCsv(results: TQuizzes['results'], teacherId: string, quizId: string, lng: TLanguage) {
  const { attempts } = await results.listAttempts(teacherId, quizId);
  const header = ['name', 'email', 'status', 'practice', 'started', 'submitted', 'points', 'maxPoints', 'mark', 'passed', 'toGrade'].map((k) => text(lng, k));
  const yesNo = (v: boolean | null) => (v === null ? '' : text(lng, v ? 'yes' : 'no'));
  const rows = attempts.map((a) => [
    a.studentName,
    a.studentEmail,
    text(lng, `statuses.${a.status}`),
    yesNo(a.practice),
    localDateTime(new Date(a.startedAt)),
    a.submittedAt ? localDateTime(new Date(a.submittedAt)) : '',
    a.points,
    a.maxPoints,
    a.scaled === null ? '' : `${a.scaled}/${a.scaleTo}`,
    yesNo(a.passed),
    a.pendingGrading,
  ]);
  return { body: toCsv(header, rows), fileName: csvFileName(`quiz-attempts-${quizId.slice(0, 8)}`) };
}
