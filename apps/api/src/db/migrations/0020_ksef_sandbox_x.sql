ALTER TABLE "ksef_sandbox_auth_operations" ADD COLUMN "permissions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ksef_sandbox_auth_operations" ADD COLUMN "ksef_token_reference" text;--> statement-breakpoint
ALTER TABLE "ksef_sandbox_auth_operations" ADD COLUMN "document_hash" text;--> statement-breakpoint
ALTER TABLE "ksef_sandbox_sessions" ADD COLUMN "auth_reference" text;