-- pg_trgm for the student list's search (decision 225): shipped with PostgreSQL (a trusted extension) and with PGlite (loaded in core/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_trgm_idx" ON "students" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teacher_students_teacher_joined_idx" ON "teacher_students" USING btree ("teacher_id","joined_at" DESC NULLS LAST,"student_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_teacher_created_idx" ON "enrollments" USING btree ("teacher_id","created_at" DESC NULLS LAST,"student_id" DESC NULLS LAST,"id" DESC NULLS LAST);