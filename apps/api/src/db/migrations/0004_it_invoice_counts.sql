CREATE TABLE "it_invoice_counts" (
	"owner_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"marking" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "it_invoice_counts_owner_id_type_marking_pk" PRIMARY KEY("owner_id","type","marking")
);
--> statement-breakpoint
-- Custom SQL below (triggers): keep it when squashing migrations.
-- it_invoice_counts follows it_invoices through statement-level triggers with transition tables,
-- so a bulk insert of 50,000 rows updates each (owner, type, marking) counter once. Rows are
-- upserted in key order so concurrent writers lock counters in the same order (no deadlock).
CREATE FUNCTION it_invoice_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO it_invoice_counts (owner_id, type, marking, n)
  SELECT owner_id, type, marking, count(*) FROM new_rows
  GROUP BY owner_id, type, marking ORDER BY owner_id, type, marking
  ON CONFLICT (owner_id, type, marking) DO UPDATE SET n = it_invoice_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION it_invoice_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO it_invoice_counts (owner_id, type, marking, n)
  SELECT owner_id, type, marking, -count(*) FROM old_rows
  GROUP BY owner_id, type, marking ORDER BY owner_id, type, marking
  ON CONFLICT (owner_id, type, marking) DO UPDATE SET n = it_invoice_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION it_invoice_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO it_invoice_counts (owner_id, type, marking, n)
  SELECT owner_id, type, marking, sum(delta) FROM (
    SELECT owner_id, type, marking, -1 AS delta FROM old_rows
    UNION ALL
    SELECT owner_id, type, marking, 1 AS delta FROM new_rows
  ) AS changes
  GROUP BY owner_id, type, marking HAVING sum(delta) <> 0 ORDER BY owner_id, type, marking
  ON CONFLICT (owner_id, type, marking) DO UPDATE SET n = it_invoice_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER it_invoice_counts_insert AFTER INSERT ON it_invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION it_invoice_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER it_invoice_counts_delete AFTER DELETE ON it_invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION it_invoice_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER it_invoice_counts_update AFTER UPDATE ON it_invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION it_invoice_counts_after_update();
--> statement-breakpoint
INSERT INTO it_invoice_counts (owner_id, type, marking, n)
SELECT owner_id, type, marking, count(*) FROM it_invoices GROUP BY owner_id, type, marking;
