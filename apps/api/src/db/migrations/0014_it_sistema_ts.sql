CREATE TABLE "it_ts_expenses" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id" serial NOT NULL,
	"owner_id" uuid NOT NULL,
	"owner_fiscal_code" text NOT NULL,
	"citizen_fiscal_code" text,
	"opposition" boolean DEFAULT false NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"expense_type" text NOT NULL,
	"payment_tracked" boolean NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"document_date" date NOT NULL,
	"payment_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "it_ts_expenses_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "it_ts_request_expenses" (
	"request_id" integer NOT NULL,
	"expense_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"outcome" smallint,
	"responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "it_ts_request_expenses_request_id_expense_uuid_pk" PRIMARY KEY("request_id","expense_uuid")
);
--> statement-breakpoint
CREATE TABLE "it_ts_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"owner_fiscal_code" text NOT NULL,
	"request_type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"protocol_id" text,
	"outcome" smallint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone,
	"outcome_at" timestamp with time zone,
	"receipt_file" text,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_ts_sandbox_documents" (
	"owner_fiscal_code" text NOT NULL,
	"document_date" text NOT NULL,
	"document_number" text NOT NULL,
	"protocol" text NOT NULL,
	CONSTRAINT "it_ts_sandbox_documents_owner_fiscal_code_document_date_document_number_pk" PRIMARY KEY("owner_fiscal_code","document_date","document_number")
);
--> statement-breakpoint
CREATE TABLE "it_ts_sandbox_files" (
	"protocol" text PRIMARY KEY NOT NULL,
	"owner_fiscal_code" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"documents" jsonb NOT NULL,
	"outcome" jsonb,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "it_ts_expenses" ADD CONSTRAINT "it_ts_expenses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_ts_request_expenses" ADD CONSTRAINT "it_ts_request_expenses_request_id_it_ts_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."it_ts_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_ts_request_expenses" ADD CONSTRAINT "it_ts_request_expenses_expense_uuid_it_ts_expenses_uuid_fk" FOREIGN KEY ("expense_uuid") REFERENCES "public"."it_ts_expenses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_ts_requests" ADD CONSTRAINT "it_ts_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "it_ts_expenses_owner_created_idx" ON "it_ts_expenses" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "it_ts_expenses_owner_fiscal_idx" ON "it_ts_expenses" USING btree ("owner_id","owner_fiscal_code");--> statement-breakpoint
CREATE INDEX "it_ts_request_expenses_expense_idx" ON "it_ts_request_expenses" USING btree ("expense_uuid");--> statement-breakpoint
CREATE INDEX "it_ts_requests_protocol_idx" ON "it_ts_requests" USING btree ("protocol_id");