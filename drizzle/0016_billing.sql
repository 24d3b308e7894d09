CREATE TABLE "billing_notices_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"teacher_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"price_dzd" integer NOT NULL,
	"credit_dzd" integer DEFAULT 0 NOT NULL,
	"bonus_days" integer DEFAULT 0 NOT NULL,
	"amount_dzd" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"chargily_checkout_id" text,
	"checkout_url" text,
	"receipt_key" text,
	"receipt_mime" text,
	"reject_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "plan_invoices_reference_unique" UNIQUE("reference"),
	CONSTRAINT "plan_invoices_chargily_checkout_id_unique" UNIQUE("chargily_checkout_id")
);
--> statement-breakpoint
CREATE TABLE "plan_subscriptions" (
	"teacher_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"period_paid_dzd" integer NOT NULL,
	"canceled_at" timestamp with time zone,
	"data_deletion_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_notices_sent" ADD CONSTRAINT "billing_notices_sent_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_invoices_teacher_idx" ON "plan_invoices" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_invoices_status_idx" ON "plan_invoices" USING btree ("status");