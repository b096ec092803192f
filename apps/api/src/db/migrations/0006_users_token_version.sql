ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Custom SQL below (trigger): keep it when squashing migrations.
-- Tokens carry token_version and die when it moves on. It moves on here, in the database, so
-- every path that changes an account ends its sessions: a new password (own change, reset link,
-- a manager's change of a sub-account's password), a disabled account (so enabling it again
-- does not revive old tokens) and a removed role (`@>` is false as soon as one role of OLD is
-- missing from NEW), including changes an operator makes in SQL.
CREATE FUNCTION users_bump_token_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR (OLD.enabled AND NOT NEW.enabled)
     OR NOT (NEW.roles @> OLD.roles) THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_token_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_bump_token_version();
