-- Every tenant-owned row carries teacher_id (DEVELOPERS.md). Views recorded before it take their page's teacher.
ALTER TABLE "landing_page_views" ADD COLUMN "teacher_id" uuid;--> statement-breakpoint
UPDATE "landing_page_views" v SET "teacher_id" = p."teacher_id" FROM "teacher_landing_pages" p WHERE p."id" = v."page_id";--> statement-breakpoint
ALTER TABLE "landing_page_views" ALTER COLUMN "teacher_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "landing_page_views" ADD CONSTRAINT "landing_page_views_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_page_views_teacher_idx" ON "landing_page_views" USING btree ("teacher_id","day");
