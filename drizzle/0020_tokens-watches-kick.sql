CREATE TABLE "used_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_watches" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"segments" integer[] NOT NULL,
	"keys" integer[] NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_leases" ADD COLUMN "participant_id" text;--> statement-breakpoint
ALTER TABLE "video_watches" ADD CONSTRAINT "video_watches_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_tokens_expires_idx" ON "used_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "video_watches_last_idx" ON "video_watches" USING btree ("last_at");