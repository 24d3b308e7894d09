CREATE TABLE "code_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"code_hmac" text NOT NULL,
	"last2" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
DROP INDEX "activation_codes_batch_idx";--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "serial" integer;--> statement-breakpoint
-- Codes generated before serial numbers existed are numbered in the order they were generated.
UPDATE "activation_codes" AS c SET "serial" = n."serial" FROM (SELECT "id", row_number() OVER (PARTITION BY "batch_id" ORDER BY "created_at", "id")::int AS "serial" FROM "activation_codes") AS n WHERE n."id" = c."id";--> statement-breakpoint
ALTER TABLE "activation_codes" ALTER COLUMN "serial" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "code_requests" ADD CONSTRAINT "code_requests_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_requests" ADD CONSTRAINT "code_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_requests_pending_key" ON "code_requests" USING btree ("teacher_id","student_id","code_hmac") WHERE "code_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "code_requests_teacher_idx" ON "code_requests" USING btree ("teacher_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_batch_serial_key" ON "activation_codes" USING btree ("batch_id","serial");--> statement-breakpoint
CREATE INDEX "lessons_teacher_idx" ON "lessons" USING btree ("teacher_id");