CREATE TABLE "it_tax_portal_consents" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"registry_uuid" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_tax_portal_credentials" (
	"registry_uuid" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"sealed" text NOT NULL,
	"source" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "it_tax_portal_consents" ADD CONSTRAINT "it_tax_portal_consents_registry_uuid_it_business_registry_configurations_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."it_business_registry_configurations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_tax_portal_consents" ADD CONSTRAINT "it_tax_portal_consents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_tax_portal_credentials" ADD CONSTRAINT "it_tax_portal_credentials_registry_uuid_it_business_registry_configurations_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."it_business_registry_configurations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_tax_portal_credentials" ADD CONSTRAINT "it_tax_portal_credentials_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "it_tax_portal_consents_registry_idx" ON "it_tax_portal_consents" USING btree ("registry_uuid");--> statement-breakpoint
CREATE INDEX "it_tax_portal_credentials_owner_idx" ON "it_tax_portal_credentials" USING btree ("owner_id");