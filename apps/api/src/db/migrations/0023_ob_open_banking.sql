CREATE TABLE "ob_accounts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registry_uuid" uuid NOT NULL,
	"connection_uuid" uuid NOT NULL,
	"aggregator_account_id" text NOT NULL,
	"name" text NOT NULL,
	"iban" text,
	"bban" text,
	"swift" text,
	"nature" text NOT NULL,
	"currency_code" text NOT NULL,
	"balance" numeric(15, 2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_business_registries" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"sub_account_id" uuid,
	"fiscal_id" text NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"email_alerts" boolean DEFAULT true NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"country" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"aggregator_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_connections" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registry_uuid" uuid NOT NULL,
	"aggregator_connection_id" text NOT NULL,
	"provider_code" text NOT NULL,
	"provider_name" text NOT NULL,
	"consent_expires_at" timestamp with time zone,
	"last_notice_level" smallint,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_invoice_payments" (
	"invoice_uuid" uuid NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"confirmed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ob_invoice_payments_invoice_uuid_transaction_uuid_pk" PRIMARY KEY("invoice_uuid","transaction_uuid")
);
--> statement-breakpoint
CREATE TABLE "ob_payments" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registry_uuid" uuid NOT NULL,
	"account_uuid" uuid NOT NULL,
	"aggregator_payment_id" text NOT NULL,
	"direction" text DEFAULT 'inbound' NOT NULL,
	"system" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"email" text,
	"status" text DEFAULT 'created' NOT NULL,
	"payer_name" text,
	"payer_iban" text,
	"connect_url" text,
	"invoice_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_sandbox_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"bank_account_key" text NOT NULL,
	"name" text NOT NULL,
	"nature" text NOT NULL,
	"currency_code" text NOT NULL,
	"iban" text,
	"bban" text,
	"swift" text,
	"opening_balance" numeric(15, 2) NOT NULL,
	"feed_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_sandbox_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"consent_given_at" timestamp with time zone NOT NULL,
	"consent_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_sandbox_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ob_sandbox_customers_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "ob_sandbox_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"system" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payer_name" text,
	"payer_iban" text,
	"end_to_end_id" text NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_sandbox_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"connection_id" uuid,
	"payment_id" uuid,
	"locale" text DEFAULT 'en' NOT NULL,
	"country" text,
	"return_url" text,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"error_class" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ob_sandbox_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ob_sandbox_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"bank_id" text NOT NULL,
	"seq" integer NOT NULL,
	"made_on" date NOT NULL,
	"posting_date" date,
	"amount" numeric(15, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"payer" text,
	"payee" text,
	"counterparty_iban" text,
	"end_to_end_id" text,
	"remittance" text,
	"posts_at" timestamp with time zone,
	"echo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_subscriptions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registry_uuid" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"period_starts_at" timestamp with time zone NOT NULL,
	"period_ends_at" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"fee" numeric(15, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ob_transactions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registry_uuid" uuid NOT NULL,
	"account_uuid" uuid NOT NULL,
	"bank_id" text,
	"source" text DEFAULT 'bank' NOT NULL,
	"made_on" date NOT NULL,
	"posting_date" date,
	"amount" numeric(15, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"category" text DEFAULT 'uncategorized' NOT NULL,
	"status" text NOT NULL,
	"duplicated" boolean DEFAULT false NOT NULL,
	"payer" text,
	"payee" text,
	"counterparty_iban" text,
	"end_to_end_id" text,
	"remittance" text,
	"match" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ob_accounts" ADD CONSTRAINT "ob_accounts_registry_uuid_ob_business_registries_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."ob_business_registries"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_accounts" ADD CONSTRAINT "ob_accounts_connection_uuid_ob_connections_uuid_fk" FOREIGN KEY ("connection_uuid") REFERENCES "public"."ob_connections"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_business_registries" ADD CONSTRAINT "ob_business_registries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_business_registries" ADD CONSTRAINT "ob_business_registries_sub_account_id_users_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_connections" ADD CONSTRAINT "ob_connections_registry_uuid_ob_business_registries_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."ob_business_registries"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_invoice_payments" ADD CONSTRAINT "ob_invoice_payments_invoice_uuid_it_invoices_uuid_fk" FOREIGN KEY ("invoice_uuid") REFERENCES "public"."it_invoices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_invoice_payments" ADD CONSTRAINT "ob_invoice_payments_transaction_uuid_ob_transactions_uuid_fk" FOREIGN KEY ("transaction_uuid") REFERENCES "public"."ob_transactions"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_invoice_payments" ADD CONSTRAINT "ob_invoice_payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_payments" ADD CONSTRAINT "ob_payments_registry_uuid_ob_business_registries_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."ob_business_registries"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_payments" ADD CONSTRAINT "ob_payments_account_uuid_ob_accounts_uuid_fk" FOREIGN KEY ("account_uuid") REFERENCES "public"."ob_accounts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_sandbox_accounts" ADD CONSTRAINT "ob_sandbox_accounts_connection_id_ob_sandbox_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ob_sandbox_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_sandbox_connections" ADD CONSTRAINT "ob_sandbox_connections_customer_id_ob_sandbox_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ob_sandbox_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_sandbox_payments" ADD CONSTRAINT "ob_sandbox_payments_customer_id_ob_sandbox_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ob_sandbox_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_sandbox_payments" ADD CONSTRAINT "ob_sandbox_payments_account_id_ob_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ob_sandbox_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_sandbox_sessions" ADD CONSTRAINT "ob_sandbox_sessions_customer_id_ob_sandbox_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ob_sandbox_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_sandbox_transactions" ADD CONSTRAINT "ob_sandbox_transactions_account_id_ob_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ob_sandbox_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_subscriptions" ADD CONSTRAINT "ob_subscriptions_registry_uuid_ob_business_registries_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."ob_business_registries"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_transactions" ADD CONSTRAINT "ob_transactions_registry_uuid_ob_business_registries_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."ob_business_registries"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ob_transactions" ADD CONSTRAINT "ob_transactions_account_uuid_ob_accounts_uuid_fk" FOREIGN KEY ("account_uuid") REFERENCES "public"."ob_accounts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ob_accounts_aggregator_idx" ON "ob_accounts" USING btree ("aggregator_account_id");--> statement-breakpoint
CREATE INDEX "ob_accounts_registry_idx" ON "ob_accounts" USING btree ("registry_uuid","created_at");--> statement-breakpoint
CREATE INDEX "ob_accounts_connection_idx" ON "ob_accounts" USING btree ("connection_uuid");--> statement-breakpoint
CREATE INDEX "ob_accounts_iban_idx" ON "ob_accounts" USING btree ("iban");--> statement-breakpoint
CREATE UNIQUE INDEX "ob_business_registries_owner_fiscal_idx" ON "ob_business_registries" USING btree ("owner_id","fiscal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ob_business_registries_email_idx" ON "ob_business_registries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "ob_business_registries_owner_created_idx" ON "ob_business_registries" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ob_connections_aggregator_idx" ON "ob_connections" USING btree ("aggregator_connection_id");--> statement-breakpoint
CREATE INDEX "ob_connections_registry_idx" ON "ob_connections" USING btree ("registry_uuid");--> statement-breakpoint
CREATE INDEX "ob_invoice_payments_transaction_idx" ON "ob_invoice_payments" USING btree ("transaction_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "ob_payments_aggregator_idx" ON "ob_payments" USING btree ("aggregator_payment_id");--> statement-breakpoint
CREATE INDEX "ob_payments_registry_created_idx" ON "ob_payments" USING btree ("registry_uuid","created_at");--> statement-breakpoint
CREATE INDEX "ob_payments_account_idx" ON "ob_payments" USING btree ("account_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "ob_sandbox_accounts_key_idx" ON "ob_sandbox_accounts" USING btree ("connection_id","bank_account_key");--> statement-breakpoint
CREATE INDEX "ob_sandbox_accounts_iban_idx" ON "ob_sandbox_accounts" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "ob_sandbox_connections_customer_idx" ON "ob_sandbox_connections" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ob_sandbox_payments_customer_idx" ON "ob_sandbox_payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ob_sandbox_sessions_customer_idx" ON "ob_sandbox_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ob_sandbox_transactions_account_idx" ON "ob_sandbox_transactions" USING btree ("account_id","made_on");--> statement-breakpoint
CREATE INDEX "ob_subscriptions_registry_idx" ON "ob_subscriptions" USING btree ("registry_uuid","period_ends_at");--> statement-breakpoint
CREATE INDEX "ob_transactions_registry_made_idx" ON "ob_transactions" USING btree ("registry_uuid","made_on");--> statement-breakpoint
CREATE INDEX "ob_transactions_account_made_idx" ON "ob_transactions" USING btree ("account_uuid","made_on");--> statement-breakpoint
CREATE INDEX "ob_transactions_account_bank_idx" ON "ob_transactions" USING btree ("account_uuid","bank_id");