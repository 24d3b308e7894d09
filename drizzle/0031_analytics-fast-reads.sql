CREATE TABLE "analytics_active_counts" (
	"teacher_id" uuid NOT NULL,
	"course_id" uuid,
	"span" text NOT NULL,
	"start" date NOT NULL,
	"active" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_student_courses" (
	"teacher_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"done" integer NOT NULL,
	"furthest_lesson_id" uuid,
	"last_at" timestamp with time zone,
	CONSTRAINT "analytics_student_courses_teacher_id_course_id_student_id_pk" PRIMARY KEY("teacher_id","course_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_student_months" (
	"teacher_id" uuid NOT NULL,
	"course_id" uuid,
	"student_id" text NOT NULL,
	"month" date NOT NULL,
	"days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "entry" text;--> statement-breakpoint
ALTER TABLE "analytics_course_days" ADD COLUMN "enrolled_landing" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_active_counts" ADD CONSTRAINT "analytics_active_counts_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_student_courses" ADD CONSTRAINT "analytics_student_courses_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_student_months" ADD CONSTRAINT "analytics_student_months_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_active_counts_idx" ON "analytics_active_counts" USING btree ("teacher_id","span","start");--> statement-breakpoint
CREATE INDEX "analytics_student_months_idx" ON "analytics_student_months" USING btree ("teacher_id","month");--> statement-breakpoint
CREATE INDEX "lesson_progress_teacher_time_idx" ON "lesson_progress" USING btree ("teacher_id","completed_at");--> statement-breakpoint
CREATE INDEX "analytics_video_sessions_user_idx" ON "analytics_video_sessions" USING btree ("teacher_id","user_id");--> statement-breakpoint
-- Decision 215: the new roll-ups start empty; forgetting what was rolled up makes the next nightly run roll every day up again (catch-up).
DELETE FROM "analytics_teacher_days";