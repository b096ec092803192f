CREATE TABLE "it_invoices" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"transmission_format" text NOT NULL,
	"marking" text NOT NULL,
	"xml" text NOT NULL,
	"payload" jsonb NOT NULL,
	"signed" boolean DEFAULT false NOT NULL,
	"to_pa" boolean DEFAULT false NOT NULL,
	"downloaded" boolean DEFAULT false NOT NULL,
	"downloaded_at" timestamp with time zone,
	"sdi_file_id" text,
	"sdi_file_name" text,
	"fix_of_uuid" uuid,
	"fixed_by_uuid" uuid,
	"archived" boolean DEFAULT false NOT NULL,
	"notice" text,
	"transmission_attempts" integer DEFAULT 0 NOT NULL,
	"simulate_transport_failure" boolean DEFAULT false NOT NULL,
	"disable_endpoints" boolean DEFAULT false NOT NULL,
	"source_uuid" uuid,
	"sender_name" text,
	"sender_fiscal_id" text,
	"sender_vat" text,
	"recipient_name" text,
	"recipient_fiscal_id" text,
	"recipient_vat" text,
	"recipient_code" text,
	"invoice_date" date,
	"invoice_number" text,
	"invoice_total" numeric(18, 2),
	"document_type" text,
	"stamp" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_notifications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_uuid" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"xml" text NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "it_invoices" ADD CONSTRAINT "it_invoices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_notifications" ADD CONSTRAINT "it_notifications_invoice_uuid_it_invoices_uuid_fk" FOREIGN KEY ("invoice_uuid") REFERENCES "public"."it_invoices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_notifications" ADD CONSTRAINT "it_notifications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "it_invoices_owner_type_created_idx" ON "it_invoices" USING btree ("owner_id","type","created_at");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_type_date_idx" ON "it_invoices" USING btree ("owner_id","type","invoice_date");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_type_number_idx" ON "it_invoices" USING btree ("owner_id","type","invoice_number");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_type_marking_idx" ON "it_invoices" USING btree ("owner_id","type","marking","created_at");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_sender_fiscal_idx" ON "it_invoices" USING btree ("owner_id","sender_fiscal_id");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_recipient_fiscal_idx" ON "it_invoices" USING btree ("owner_id","recipient_fiscal_id");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_sender_vat_idx" ON "it_invoices" USING btree ("owner_id","sender_vat");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_recipient_vat_idx" ON "it_invoices" USING btree ("owner_id","recipient_vat");--> statement-breakpoint
CREATE INDEX "it_invoices_duplicate_key_idx" ON "it_invoices" USING btree ("sender_vat","invoice_number","invoice_date","document_type") WHERE "it_invoices"."type" = 0;--> statement-breakpoint
CREATE INDEX "it_notifications_invoice_idx" ON "it_notifications" USING btree ("invoice_uuid","created_at");--> statement-breakpoint
CREATE INDEX "it_notifications_owner_created_idx" ON "it_notifications" USING btree ("owner_id","created_at");