CREATE TABLE "video_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"device_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"rendition" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "offline_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "offline_devices" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_devices" ADD CONSTRAINT "video_devices_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_devices" ADD CONSTRAINT "video_devices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_licences" ADD CONSTRAINT "video_licences_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_licences" ADD CONSTRAINT "video_licences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_licences" ADD CONSTRAINT "video_licences_device_id_video_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."video_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_licences" ADD CONSTRAINT "video_licences_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_devices_user_idx" ON "video_devices" USING btree ("user_id","teacher_id");--> statement-breakpoint
CREATE INDEX "video_licences_device_idx" ON "video_licences" USING btree ("device_id");