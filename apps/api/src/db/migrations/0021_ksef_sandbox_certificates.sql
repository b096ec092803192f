CREATE TABLE "ksef_sandbox_certificates" (
	"reference_number" text PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_value" text NOT NULL,
	"context_nip" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"common_name" text NOT NULL,
	"public_key_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"status_description" text NOT NULL,
	"status_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"serial_number" text,
	"certificate" "bytea",
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"request_date" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ksef_sandbox_auth_operations" ADD COLUMN "subject_identifier" jsonb;--> statement-breakpoint
ALTER TABLE "ksef_sandbox_auth_operations" ADD COLUMN "certificate_subject" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "ksef_sandbox_certificates_serial_idx" ON "ksef_sandbox_certificates" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "ksef_sandbox_certificates_owner_idx" ON "ksef_sandbox_certificates" USING btree ("owner_type","owner_value","request_date");--> statement-breakpoint
CREATE INDEX "ksef_sandbox_certificates_key_idx" ON "ksef_sandbox_certificates" USING btree ("public_key_hash");