CREATE TABLE "ksef_sandbox_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"context_nip" text NOT NULL,
	"auth_reference" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ksef_sandbox_auth_operations" (
	"reference_number" text PRIMARY KEY NOT NULL,
	"authentication_token_hash" text NOT NULL,
	"context_nip" text NOT NULL,
	"method" text NOT NULL,
	"status_code" integer NOT NULL,
	"status_description" text NOT NULL,
	"status_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redeemed_at" timestamp with time zone,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ksef_sandbox_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ksef_sandbox_invoices" (
	"reference_number" text PRIMARY KEY NOT NULL,
	"session_reference" text NOT NULL,
	"ordinal_number" integer NOT NULL,
	"seller_nip" text NOT NULL,
	"buyer_nip" text,
	"invoice_number" text,
	"invoice_hash" text NOT NULL,
	"invoice_size" integer NOT NULL,
	"xml" "bytea" NOT NULL,
	"status_code" integer NOT NULL,
	"status_description" text NOT NULL,
	"status_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ksef_number" text,
	"offline_mode" boolean DEFAULT false NOT NULL,
	"invoicing_date" timestamp with time zone NOT NULL,
	"acquisition_date" timestamp with time zone,
	"permanent_storage_date" timestamp with time zone,
	"upo" text,
	"number_due_at" timestamp with time zone NOT NULL,
	"upo_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ksef_sandbox_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ksef_sandbox_ksef_tokens" (
	"reference_number" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"context_nip" text NOT NULL,
	"description" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ksef_sandbox_sessions" (
	"reference_number" text PRIMARY KEY NOT NULL,
	"context_nip" text NOT NULL,
	"form_code" jsonb NOT NULL,
	"encrypted_symmetric_key" text NOT NULL,
	"initialization_vector" text NOT NULL,
	"status_code" integer NOT NULL,
	"status_description" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"upo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pl_access_codes" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_uuid" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"access_token_hash" text,
	"access_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pl_authorization_flows" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_entity_uuid" uuid NOT NULL,
	"hash" text NOT NULL,
	"status" smallint DEFAULT 50 NOT NULL,
	"challenge" text,
	"signature_file" text,
	"challenge_timestamp" timestamp with time zone,
	"deadline" timestamp with time zone,
	"mode" text,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pl_invoice_attachments" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_uuid" uuid NOT NULL,
	"filename" text NOT NULL,
	"content" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pl_invoices" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"legal_entity_uuid" uuid NOT NULL,
	"direction" text NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date,
	"invoice_type" text NOT NULL,
	"invoice_version" text NOT NULL,
	"sender_name" text,
	"invoice_creator_nip" text NOT NULL,
	"recipient_name" text,
	"invoice_recipient_nip" text,
	"gross_amount" text,
	"currency_code" text,
	"status" text NOT NULL,
	"mode" text DEFAULT 'online' NOT NULL,
	"offline_deadline" date,
	"ksef_reference_number" text,
	"acquisition_timestamp" timestamp with time zone,
	"invoice_hash" text NOT NULL,
	"xml" "bytea" NOT NULL,
	"upo" text,
	"session_reference" text,
	"invoice_reference" text,
	"error_code" text,
	"error_message" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pl_legal_entities" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"nip" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"province" text,
	"country_iso2" text DEFAULT 'PL' NOT NULL,
	"incoming_invoice_enabled" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 100 NOT NULL,
	"ksef_token" text,
	"ksef_token_reference" text,
	"last_sync_at" timestamp with time zone,
	"last_receive_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pl_legal_entity_sub_accounts" (
	"legal_entity_uuid" uuid NOT NULL,
	"sub_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pl_legal_entity_sub_accounts_legal_entity_uuid_sub_account_id_pk" PRIMARY KEY("legal_entity_uuid","sub_account_id")
);
--> statement-breakpoint
ALTER TABLE "pl_access_codes" ADD CONSTRAINT "pl_access_codes_invoice_uuid_pl_invoices_uuid_fk" FOREIGN KEY ("invoice_uuid") REFERENCES "public"."pl_invoices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_authorization_flows" ADD CONSTRAINT "pl_authorization_flows_legal_entity_uuid_pl_legal_entities_uuid_fk" FOREIGN KEY ("legal_entity_uuid") REFERENCES "public"."pl_legal_entities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_invoice_attachments" ADD CONSTRAINT "pl_invoice_attachments_invoice_uuid_pl_invoices_uuid_fk" FOREIGN KEY ("invoice_uuid") REFERENCES "public"."pl_invoices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_invoices" ADD CONSTRAINT "pl_invoices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_invoices" ADD CONSTRAINT "pl_invoices_legal_entity_uuid_pl_legal_entities_uuid_fk" FOREIGN KEY ("legal_entity_uuid") REFERENCES "public"."pl_legal_entities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_legal_entities" ADD CONSTRAINT "pl_legal_entities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_legal_entity_sub_accounts" ADD CONSTRAINT "pl_legal_entity_sub_accounts_legal_entity_uuid_pl_legal_entities_uuid_fk" FOREIGN KEY ("legal_entity_uuid") REFERENCES "public"."pl_legal_entities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pl_legal_entity_sub_accounts" ADD CONSTRAINT "pl_legal_entity_sub_accounts_sub_account_id_users_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ksef_sandbox_auth_token_idx" ON "ksef_sandbox_auth_operations" USING btree ("authentication_token_hash");--> statement-breakpoint
CREATE INDEX "ksef_sandbox_invoices_session_idx" ON "ksef_sandbox_invoices" USING btree ("session_reference","ordinal_number");--> statement-breakpoint
CREATE UNIQUE INDEX "ksef_sandbox_invoices_ksef_number_idx" ON "ksef_sandbox_invoices" USING btree ("ksef_number");--> statement-breakpoint
CREATE INDEX "ksef_sandbox_invoices_buyer_idx" ON "ksef_sandbox_invoices" USING btree ("buyer_nip","permanent_storage_date");--> statement-breakpoint
CREATE INDEX "ksef_sandbox_invoices_seller_idx" ON "ksef_sandbox_invoices" USING btree ("seller_nip","permanent_storage_date");--> statement-breakpoint
CREATE INDEX "ksef_sandbox_invoices_due_idx" ON "ksef_sandbox_invoices" USING btree ("status_code","number_due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ksef_sandbox_ksef_tokens_hash_idx" ON "ksef_sandbox_ksef_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ksef_sandbox_sessions_status_idx" ON "ksef_sandbox_sessions" USING btree ("status_code","created_at");--> statement-breakpoint
CREATE INDEX "pl_access_codes_invoice_idx" ON "pl_access_codes" USING btree ("invoice_uuid","created_at");--> statement-breakpoint
CREATE INDEX "pl_access_codes_token_idx" ON "pl_access_codes" USING btree ("access_token_hash");--> statement-breakpoint
CREATE INDEX "pl_authorization_flows_entity_idx" ON "pl_authorization_flows" USING btree ("legal_entity_uuid","created_at");--> statement-breakpoint
CREATE INDEX "pl_invoice_attachments_invoice_idx" ON "pl_invoice_attachments" USING btree ("invoice_uuid");--> statement-breakpoint
CREATE INDEX "pl_invoices_list_idx" ON "pl_invoices" USING btree ("owner_id","direction","created_at");--> statement-breakpoint
CREATE INDEX "pl_invoices_entity_idx" ON "pl_invoices" USING btree ("legal_entity_uuid","direction","created_at");--> statement-breakpoint
CREATE INDEX "pl_invoices_pending_idx" ON "pl_invoices" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pl_invoices_incoming_ksef_idx" ON "pl_invoices" USING btree ("legal_entity_uuid","direction","ksef_reference_number");--> statement-breakpoint
CREATE INDEX "pl_legal_entities_owner_idx" ON "pl_legal_entities" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pl_legal_entities_owner_nip_idx" ON "pl_legal_entities" USING btree ("owner_id","nip");--> statement-breakpoint
CREATE INDEX "pl_legal_entities_nip_idx" ON "pl_legal_entities" USING btree ("nip");--> statement-breakpoint
CREATE INDEX "pl_legal_entity_sub_accounts_user_idx" ON "pl_legal_entity_sub_accounts" USING btree ("sub_account_id");