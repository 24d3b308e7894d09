CREATE TABLE "analytics_course_days" (
	"teacher_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"enrolled_code" integer DEFAULT 0 NOT NULL,
	"enrolled_card" integer DEFAULT 0 NOT NULL,
	"enrolled_transfer" integer DEFAULT 0 NOT NULL,
	"enrolled_free" integer DEFAULT 0 NOT NULL,
	"enrolled_teacher" integer DEFAULT 0 NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_course_days_teacher_id_course_id_day_pk" PRIMARY KEY("teacher_id","course_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_lesson_days" (
	"teacher_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	"reach" integer[] NOT NULL,
	CONSTRAINT "analytics_lesson_days_teacher_id_lesson_id_day_pk" PRIMARY KEY("teacher_id","lesson_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_student_days" (
	"teacher_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"day" date NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_student_days_teacher_id_day_course_id_student_id_pk" PRIMARY KEY("teacher_id","day","course_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_teacher_days" (
	"teacher_id" uuid NOT NULL,
	"day" date NOT NULL,
	"landing_views" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_teacher_days_teacher_id_day_pk" PRIMARY KEY("teacher_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_video_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"tenths" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_course_days" ADD CONSTRAINT "analytics_course_days_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_lesson_days" ADD CONSTRAINT "analytics_lesson_days_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_student_days" ADD CONSTRAINT "analytics_student_days_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_teacher_days" ADD CONSTRAINT "analytics_teacher_days_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_sessions" ADD CONSTRAINT "analytics_video_sessions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_course_days_day_idx" ON "analytics_course_days" USING btree ("teacher_id","day");--> statement-breakpoint
CREATE INDEX "analytics_lesson_days_day_idx" ON "analytics_lesson_days" USING btree ("teacher_id","day");--> statement-breakpoint
CREATE INDEX "analytics_student_days_student_idx" ON "analytics_student_days" USING btree ("teacher_id","student_id");--> statement-breakpoint
CREATE INDEX "analytics_video_sessions_first_idx" ON "analytics_video_sessions" USING btree ("teacher_id","first_at");--> statement-breakpoint
CREATE INDEX "analytics_video_sessions_first_all_idx" ON "analytics_video_sessions" USING btree ("first_at");