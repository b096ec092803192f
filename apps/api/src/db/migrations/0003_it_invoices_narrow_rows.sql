-- Keep it_invoices rows narrow: the invoice XML and its JSON payload (a few KB) move to the
-- table's TOAST storage as soon as a row exceeds 128 bytes, so list scans and counts read the
-- small derived columns only (a 1,000,000-invoice account stays within a few hundred MB of heap).
-- Custom SQL (drizzle-kit cannot express storage parameters): keep it when squashing.
ALTER TABLE "it_invoices" SET (toast_tuple_target = 128);
