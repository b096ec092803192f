CREATE TABLE "peppol_documents" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"legal_entity_uuid" uuid,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"number" text NOT NULL,
	"document_date" date,
	"sender_name" text,
	"sender_id" text,
	"recipient_name" text,
	"recipient_id" text,
	"customization_id" text NOT NULL,
	"profile_id" text,
	"process_information" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_uuid" uuid,
	"source_xml" text NOT NULL,
	"message_id" uuid NOT NULL,
	"downloaded" boolean DEFAULT false NOT NULL,
	"message_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_sent_at" timestamp with time zone,
	"response_received_at" timestamp with time zone,
	"success" boolean,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "peppol_documents" ADD CONSTRAINT "peppol_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peppol_documents" ADD CONSTRAINT "peppol_documents_legal_entity_uuid_peppol_legal_entities_uuid_fk" FOREIGN KEY ("legal_entity_uuid") REFERENCES "public"."peppol_legal_entities"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peppol_documents_list_idx" ON "peppol_documents" USING btree ("owner_id","domain","kind","direction","created_at");--> statement-breakpoint
CREATE INDEX "peppol_documents_entity_idx" ON "peppol_documents" USING btree ("legal_entity_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "peppol_documents_message_idx" ON "peppol_documents" USING btree ("message_id","direction");