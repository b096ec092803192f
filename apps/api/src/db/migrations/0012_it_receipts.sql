CREATE TABLE "it_ade_sandbox_counters" (
	"fiscal_id" text NOT NULL,
	"day" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "it_ade_sandbox_counters_fiscal_id_day_pk" PRIMARY KEY("fiscal_id","day")
);
--> statement-breakpoint
CREATE TABLE "it_receipt_items" (
	"receipt_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" text,
	"sale_position" integer,
	"description" text NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"vat_rate_code" text NOT NULL,
	"complimentary" boolean DEFAULT false NOT NULL,
	"gross_unit_price" numeric(20, 8) NOT NULL,
	"net_unit_price" numeric(20, 8) NOT NULL,
	"gross_amount" numeric(20, 8) NOT NULL,
	"gross_discount" numeric(20, 8) NOT NULL,
	"unit_discount" numeric(20, 8) NOT NULL,
	"taxable_amount" numeric(20, 8) NOT NULL,
	"net_taxable_amount" numeric(20, 8) NOT NULL,
	"net_discount" numeric(20, 8) NOT NULL,
	"vat_amount" numeric(20, 8) NOT NULL,
	"total_amount" numeric(20, 8) NOT NULL,
	CONSTRAINT "it_receipt_items_receipt_uuid_position_pk" PRIMARY KEY("receipt_uuid","position")
);
--> statement-breakpoint
CREATE TABLE "it_receipts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"fiscal_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"sale_uuid" uuid,
	"lottery_code" text,
	"email" text,
	"invoice_issuing" boolean DEFAULT false NOT NULL,
	"total_amount" numeric(20, 8) NOT NULL,
	"total_taxable_amount" numeric(20, 8) NOT NULL,
	"total_vat_amount" numeric(20, 8) NOT NULL,
	"total_discount" numeric(20, 8) NOT NULL,
	"total_gross_discount" numeric(20, 8) NOT NULL,
	"total_uncollected_amount" numeric(20, 8) NOT NULL,
	"deductible_amount" numeric(20, 8) NOT NULL,
	"discount" numeric(20, 8) NOT NULL,
	"cash_payment_amount" numeric(20, 8) NOT NULL,
	"electronic_payment_amount" numeric(20, 8) NOT NULL,
	"ticket_restaurant_payment_amount" numeric(20, 8) NOT NULL,
	"ticket_restaurant_quantity" integer DEFAULT 0 NOT NULL,
	"services_uncollected_amount" numeric(20, 8) NOT NULL,
	"goods_uncollected_amount" numeric(20, 8) NOT NULL,
	"transaction_id" text,
	"document_number" text,
	"document_date" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "it_receipt_items" ADD CONSTRAINT "it_receipt_items_receipt_uuid_it_receipts_uuid_fk" FOREIGN KEY ("receipt_uuid") REFERENCES "public"."it_receipts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_receipts" ADD CONSTRAINT "it_receipts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "it_receipts_owner_created_idx" ON "it_receipts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "it_receipts_owner_fiscal_idx" ON "it_receipts" USING btree ("owner_id","fiscal_id");--> statement-breakpoint
CREATE INDEX "it_receipts_sale_idx" ON "it_receipts" USING btree ("sale_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "it_receipts_one_void_idx" ON "it_receipts" USING btree ("sale_uuid") WHERE "it_receipts"."type" = 'void' and "it_receipts"."status" <> 'failed';