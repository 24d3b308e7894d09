ALTER TABLE "activation_codes" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "code_batches" ADD COLUMN "number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_link_key" ON "activation_codes" USING btree ("link_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "code_batches_number_key" ON "code_batches" USING btree ("teacher_id","number");