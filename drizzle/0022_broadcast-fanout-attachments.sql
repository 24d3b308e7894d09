DROP INDEX "messages_broadcast_idx";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_mime" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_plan_id_course_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."course_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_group_id_live_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."live_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_unsent_idx" ON "broadcasts" USING btree ("created_at") WHERE "broadcasts"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_broadcast_once" ON "messages" USING btree ("broadcast_id","conversation_id") WHERE "messages"."broadcast_id" is not null;