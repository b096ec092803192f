CREATE TABLE "it_download_schedules" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"registry_uuid" uuid NOT NULL,
	"fiscal_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"valid_until" date,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "it_jobs" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'READY' NOT NULL,
	"fiscal_id" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"output" jsonb,
	"daily_of" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"schedule_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "it_download_schedules" ADD CONSTRAINT "it_download_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_download_schedules" ADD CONSTRAINT "it_download_schedules_registry_uuid_it_business_registry_configurations_uuid_fk" FOREIGN KEY ("registry_uuid") REFERENCES "public"."it_business_registry_configurations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "it_jobs" ADD CONSTRAINT "it_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "it_download_schedules_registry_unique" ON "it_download_schedules" USING btree ("registry_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "it_download_schedules_owner_fiscal_unique" ON "it_download_schedules" USING btree ("owner_id","fiscal_id");--> statement-breakpoint
CREATE INDEX "it_download_schedules_enabled_idx" ON "it_download_schedules" USING btree ("valid_until") WHERE "it_download_schedules"."enabled";--> statement-breakpoint
CREATE INDEX "it_jobs_owner_created_idx" ON "it_jobs" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "it_jobs_owner_fiscal_idx" ON "it_jobs" USING btree ("owner_id","fiscal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "it_jobs_daily_unique" ON "it_jobs" USING btree ("owner_id","fiscal_id","daily_of");