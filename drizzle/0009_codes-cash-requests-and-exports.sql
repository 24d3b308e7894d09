CREATE TABLE "code_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "code_requests" ADD COLUMN "reason" text DEFAULT 'guard' NOT NULL;--> statement-breakpoint
ALTER TABLE "code_exports" ADD CONSTRAINT "code_exports_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_exports" ADD CONSTRAINT "code_exports_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_exports_running_key" ON "code_exports" USING btree ("batch_id") WHERE "code_exports"."status" in ('queued', 'preparing', 'rendering', 'saving');--> statement-breakpoint
CREATE INDEX "code_exports_batch_idx" ON "code_exports" USING btree ("batch_id","created_at");