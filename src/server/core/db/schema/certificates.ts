import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts';
import { courses, teacherRef } from './courses';

/* Tables of the certificates domain (issue 15, decision 069). */

/** A teacher's certificate settings for one course; no row means certificates on and no signature. */
export const courseCertificateSettings = pgTable('course_certificate_settings', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  teacherId: teacherRef(),
  enabled: boolean('enabled').notNull().default(true),
  /** Key of the signature image (PNG or JPEG) in the uploads folder. */
  signatureKey: text('signature_key'),
  signatureType: text('signature_type'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One certificate per student and course. The id is a random UUID (122 random bits): it is the public
 * verification link, so it must not be guessable. Names and title are kept as they were on the day it was
 * issued: a certificate states what it stated, whatever is renamed later.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    teacherName: text('teacher_name').notNull(),
    /** When the last lesson was completed. */
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_student_course_key').on(t.studentId, t.courseId), index('certificates_teacher_idx').on(t.teacherId)],
);
