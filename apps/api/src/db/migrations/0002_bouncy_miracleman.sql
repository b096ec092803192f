CREATE TABLE "it_api_configuration_registries" (
	"api_configuration_uuid" uuid NOT NULL,
	"registry_uuid" uuid NOT NULL,
	CONSTRAINT "it_api_configuration_registries_api_configuration_uuid_registry_uuid_pk" PRIMARY KEY("api_configuration_uuid","registry_uuid")
);
--> statement-breakpoint
CREATE TABLE "it_api_configurations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"event" text NOT NULL,
	"target_url" text NOT NULL,
	"authentication_type" text DEFAULT 'none' NOT NULL,
	"authentication_key" text,
	"authentication_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_business_registry_configurations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"fiscal_id" text NOT NULL,
	"name" text,
	"email" text,
	"supplier_invoice_enabled" boolean DEFAULT false NOT NULL,
	"apply_signature" boolean DEFAULT false NOT NULL,
	"apply_legal_storage" boolean DEFAULT false NOT NULL,
	"legal_storage_active" boolean DEFAULT false NOT NULL,
	"receipts_enabled" boolean DEFAULT false NOT NULL,
	"phone_number" text,
	"receipts_alert_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_registry_sub_accounts" (
	"registry_uuid" uuid NOT NULL,
	"sub_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "it_registry_sub_accounts_registry_uuid_sub_account_id_pk" PRIMARY KEY("registry_uuid","sub_account_id")
);
--> statement-breakpoint
CREATE TABLE "preserved_documents" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"source_uuid" uuid NOT NULL,
	"fiscal_id" text,
	"status" text DEFAULT 'to_be_stored' NOT NULL,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preserved_object_id" text,
	"message" text,
	"error_message" text,
	"original_filename" text NOT NULL,
	"original_document" text NOT NULL,
	"weight" integer NOT NULL,
	"receipt_xml" text,
	"receipt_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"api_configuration_uuid" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"response_code" integer,
	"duration_ms" integer,
	"error" text,
	"replay_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "it_api_configuration_registries" ADD CONSTRAINT "it_api_configuration_registries_api_configuration_uuid_it_api_configurations_uuid_fk" FOREIGN KEY ("api_configuration_uuid") REFERENCES "public"."it_api_configurations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_api_configuration_registries" ADD CONSTRAINT "it_api_configuration_registries_registry_uuid_it_business_registry_configurations_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."it_business_registry_configurations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_api_configurations" ADD CONSTRAINT "it_api_configurations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_business_registry_configurations" ADD CONSTRAINT "it_business_registry_configurations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_registry_sub_accounts" ADD CONSTRAINT "it_registry_sub_accounts_registry_uuid_it_business_registry_configurations_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."it_business_registry_configurations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_registry_sub_accounts" ADD CONSTRAINT "it_registry_sub_accounts_sub_account_id_users_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preserved_documents" ADD CONSTRAINT "preserved_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_api_configuration_uuid_it_api_configurations_uuid_fk" FOREIGN KEY ("api_configuration_uuid") REFERENCES "public"."it_api_configurations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "it_api_configuration_registries_registry_idx" ON "it_api_configuration_registries" USING btree ("registry_uuid");--> statement-breakpoint
CREATE INDEX "it_api_configurations_owner_event_idx" ON "it_api_configurations" USING btree ("owner_id","event");--> statement-breakpoint
CREATE INDEX "it_api_configurations_owner_created_idx" ON "it_api_configurations" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "it_brc_owner_fiscal_unique" ON "it_business_registry_configurations" USING btree ("owner_id","fiscal_id");--> statement-breakpoint
CREATE INDEX "it_brc_fiscal_supplier_idx" ON "it_business_registry_configurations" USING btree ("fiscal_id","supplier_invoice_enabled");--> statement-breakpoint
CREATE INDEX "it_registry_sub_accounts_user_idx" ON "it_registry_sub_accounts" USING btree ("sub_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preserved_documents_source_unique" ON "preserved_documents" USING btree ("document_type","source_uuid");--> statement-breakpoint
CREATE INDEX "preserved_documents_owner_type_created_idx" ON "preserved_documents" USING btree ("owner_id","document_type","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_configuration_created_idx" ON "webhook_deliveries" USING btree ("api_configuration_uuid","created_at");