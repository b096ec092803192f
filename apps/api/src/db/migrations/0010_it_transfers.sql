CREATE TABLE "it_invoice_transfers" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"upload_uuid" uuid NOT NULL,
	"entry_index" integer NOT NULL,
	"supplier_name" text,
	"supplier_fiscal_id" text,
	"customer_name" text,
	"customer_fiscal_id" text,
	"invoice_number" text,
	"invoice_date" date,
	"invoice_type" text,
	"invoice_net_amount" numeric(18, 2),
	"invoice_vat_amount" numeric(18, 2),
	"invoice_tot_amount" numeric(18, 2),
	"original_file_name" text NOT NULL,
	"reference" text NOT NULL,
	"xml" text,
	"violations" jsonb,
	"sent_at" timestamp with time zone,
	"invoice_uuid" uuid,
	"notice" text,
	"fixed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_transfer_folders" (
	"owner_id" uuid NOT NULL,
	"path" text NOT NULL,
	"parent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_transfer_uploads" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"folder" text NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "it_invoice_transfers" ADD CONSTRAINT "it_invoice_transfers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_invoice_transfers" ADD CONSTRAINT "it_invoice_transfers_upload_uuid_it_transfer_uploads_uuid_fk" FOREIGN KEY ("upload_uuid") REFERENCES "public"."it_transfer_uploads"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_invoice_transfers" ADD CONSTRAINT "it_invoice_transfers_invoice_uuid_it_invoices_uuid_fk" FOREIGN KEY ("invoice_uuid") REFERENCES "public"."it_invoices"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_transfer_folders" ADD CONSTRAINT "it_transfer_folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_transfer_uploads" ADD CONSTRAINT "it_transfer_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_transfer_uploads" ADD CONSTRAINT "it_transfer_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "it_invoice_transfers_upload_entry_idx" ON "it_invoice_transfers" USING btree ("upload_uuid","entry_index");--> statement-breakpoint
CREATE INDEX "it_invoice_transfers_owner_created_idx" ON "it_invoice_transfers" USING btree ("owner_id","created_at","uuid");--> statement-breakpoint
CREATE INDEX "it_invoice_transfers_invoice_idx" ON "it_invoice_transfers" USING btree ("invoice_uuid");--> statement-breakpoint
CREATE INDEX "it_invoice_transfers_owner_file_idx" ON "it_invoice_transfers" USING btree ("owner_id","reference","original_file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "it_transfer_folders_owner_path_idx" ON "it_transfer_folders" USING btree ("owner_id","path");--> statement-breakpoint
CREATE INDEX "it_transfer_folders_owner_parent_idx" ON "it_transfer_folders" USING btree ("owner_id","parent","path");--> statement-breakpoint
CREATE INDEX "it_transfer_uploads_owner_created_idx" ON "it_transfer_uploads" USING btree ("owner_id","created_at");