ALTER TABLE "students" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "contact_whatsapp" text;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "contact_email_shown" boolean DEFAULT false NOT NULL;