ALTER TABLE "pl_legal_entities" ADD COLUMN "offline_certificate_serial" text;--> statement-breakpoint
ALTER TABLE "pl_legal_entities" ADD COLUMN "offline_certificate_pem" text;--> statement-breakpoint
ALTER TABLE "pl_legal_entities" ADD COLUMN "offline_private_key_pem" text;