ALTER TABLE "preserved_documents" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "preserved_documents" ADD COLUMN "verification_failure" text;--> statement-breakpoint
-- Legal storage keeps what it stored: a stored document's file, name, receipt and status never
-- change, and it is never deleted (the nightly verification may still record what it found).
CREATE FUNCTION "preserved_documents_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'stored' THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'a stored document is kept: it cannot be deleted' USING ERRCODE = '23000';
    END IF;
    IF NEW.original_document IS DISTINCT FROM OLD.original_document
      OR NEW.original_filename IS DISTINCT FROM OLD.original_filename
      OR NEW.receipt_xml IS DISTINCT FROM OLD.receipt_xml
      OR NEW.status IS DISTINCT FROM OLD.status THEN
      RAISE EXCEPTION 'a stored document cannot be changed' USING ERRCODE = '23000';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "preserved_documents_guard" BEFORE UPDATE OR DELETE ON "preserved_documents"
  FOR EACH ROW EXECUTE FUNCTION "preserved_documents_guard"();
