CREATE TABLE "lesson_videos" (
	"lesson_id" uuid PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"duration_sec" double precision,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upload_id" text,
	"original_name" text,
	"original_bytes" bigint DEFAULT 0 NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"has_thumbnail" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"speed" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_keys" (
	"teacher_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"rendition" integer NOT NULL,
	"n" integer NOT NULL,
	"key_enc" text NOT NULL,
	CONSTRAINT "video_keys_lesson_id_generation_rendition_n_pk" PRIMARY KEY("lesson_id","generation","rendition","n")
);
--> statement-breakpoint
CREATE TABLE "video_leases" (
	"user_id" text PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_positions" (
	"teacher_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position_sec" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_positions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD CONSTRAINT "lesson_videos_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD CONSTRAINT "lesson_videos_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_keys" ADD CONSTRAINT "video_keys_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_keys" ADD CONSTRAINT "video_keys_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_leases" ADD CONSTRAINT "video_leases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_leases" ADD CONSTRAINT "video_leases_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_positions" ADD CONSTRAINT "video_positions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_positions" ADD CONSTRAINT "video_positions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_positions" ADD CONSTRAINT "video_positions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_videos_teacher_idx" ON "lesson_videos" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "lesson_videos_course_idx" ON "lesson_videos" USING btree ("course_id");