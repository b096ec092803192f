DROP INDEX "it_invoices_owner_type_date_idx";--> statement-breakpoint
DROP INDEX "it_invoices_owner_sender_fiscal_idx";--> statement-breakpoint
DROP INDEX "it_invoices_owner_recipient_fiscal_idx";--> statement-breakpoint
DROP INDEX "it_invoices_owner_sender_vat_idx";--> statement-breakpoint
DROP INDEX "it_invoices_owner_recipient_vat_idx";--> statement-breakpoint
CREATE INDEX "it_invoices_owner_type_date_idx" ON "it_invoices" USING btree ("owner_id","type","invoice_date","marking","created_at","uuid");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_sender_fiscal_idx" ON "it_invoices" USING btree ("owner_id","sender_fiscal_id","type","marking");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_recipient_fiscal_idx" ON "it_invoices" USING btree ("owner_id","recipient_fiscal_id","type","marking");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_sender_vat_idx" ON "it_invoices" USING btree ("owner_id","sender_vat","type","marking","sender_fiscal_id");--> statement-breakpoint
CREATE INDEX "it_invoices_owner_recipient_vat_idx" ON "it_invoices" USING btree ("owner_id","recipient_vat","type","marking","recipient_fiscal_id");