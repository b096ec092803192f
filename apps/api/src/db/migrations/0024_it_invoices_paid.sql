ALTER TABLE "it_invoices" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "it_invoices" ADD COLUMN "paid_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "it_invoices" ADD COLUMN "paid_at" timestamp with time zone;