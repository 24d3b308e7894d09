CREATE TABLE "landing_contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"page_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_images_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "landing_page_views" (
	"page_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "landing_page_views_page_id_day_visitor_pk" PRIMARY KEY("page_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "teacher_landing_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text,
	"hero_image_url" text,
	"logo_url" text,
	"theme_colors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"custom_slug" text,
	"tracking_pixels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sections_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hero_background" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hero_cta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"course_content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hero_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"about_me" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"testimonials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"navbar_items" jsonb,
	"meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pricing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "landing_contact_requests" ADD CONSTRAINT "landing_contact_requests_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_contact_requests" ADD CONSTRAINT "landing_contact_requests_page_id_teacher_landing_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."teacher_landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_images" ADD CONSTRAINT "landing_images_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_page_views" ADD CONSTRAINT "landing_page_views_page_id_teacher_landing_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."teacher_landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_landing_pages" ADD CONSTRAINT "teacher_landing_pages_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_contact_teacher_idx" ON "landing_contact_requests" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "landing_images_teacher_idx" ON "landing_images" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "landing_pages_teacher_idx" ON "teacher_landing_pages" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_main_key" ON "teacher_landing_pages" USING btree ("teacher_id") WHERE "teacher_landing_pages"."is_main";--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_slug_key" ON "teacher_landing_pages" USING btree ("teacher_id",lower("custom_slug")) WHERE "teacher_landing_pages"."custom_slug" is not null;