CREATE TABLE "peppol_legal_entities" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"registered_name" text NOT NULL,
	"identifier_scheme" text NOT NULL,
	"identifier_value" text NOT NULL,
	"address" text,
	"zip_code" text,
	"country" text,
	"state_or_province" text,
	"city" text,
	"notification_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"smp_enabled" boolean DEFAULT false NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peppol_legal_entity_sub_accounts" (
	"legal_entity_uuid" uuid NOT NULL,
	"sub_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peppol_legal_entity_sub_accounts_legal_entity_uuid_sub_account_id_pk" PRIMARY KEY("legal_entity_uuid","sub_account_id")
);
--> statement-breakpoint
ALTER TABLE "peppol_legal_entities" ADD CONSTRAINT "peppol_legal_entities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peppol_legal_entity_sub_accounts" ADD CONSTRAINT "peppol_legal_entity_sub_accounts_legal_entity_uuid_peppol_legal_entities_uuid_fk" FOREIGN KEY ("legal_entity_uuid") REFERENCES "public"."peppol_legal_entities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peppol_legal_entity_sub_accounts" ADD CONSTRAINT "peppol_legal_entity_sub_accounts_sub_account_id_users_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peppol_legal_entities_owner_idx" ON "peppol_legal_entities" USING btree ("owner_id","domain","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "peppol_legal_entities_participant_idx" ON "peppol_legal_entities" USING btree ("identifier_scheme",lower("identifier_value"));--> statement-breakpoint
CREATE INDEX "peppol_legal_entity_sub_accounts_user_idx" ON "peppol_legal_entity_sub_accounts" USING btree ("sub_account_id");