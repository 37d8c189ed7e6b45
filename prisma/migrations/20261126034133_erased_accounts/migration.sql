-- CreateTable
CREATE TABLE "ErasedAccount" (
    "userId" TEXT NOT NULL,
    "erasedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ErasedAccount_pkey" PRIMARY KEY ("userId")
);

-- No new row of an erased account, whichever code path writes it: a request that was already running when the account was
-- erased (an analysis takes minutes), or one made with the account's last session token (Clerk verifies those offline,
-- and they stay valid for a while). The tables that name their owner are guarded here; every other row of a user hangs
-- off a session or an upload by a foreign key, so it cannot outlive the erasure's delete either.
--
-- The race under READ COMMITTED: a writer that checked before the erasure committed could insert a row the erasure's
-- DELETE did not see. So writers take the owner's lock shared (writers never wait for each other) and the erasure takes it
-- exclusive before it deletes (lib/server/services/erased-accounts.ts, same two keys): whichever comes second waits for
-- the first to commit, and then either the erasure's DELETE sees the writer's row, or the writer's check sees the
-- tombstone. The check runs after the lock on purpose: each statement of this function reads what is committed by then.
--
-- The refusal is SQLSTATE 'EA001' (no PostgreSQL class uses "EA"); lib/server/http/errors.ts answers it as the 401 of a
-- caller nobody knows. The lock's first key names this guard, so it never meets the app's other advisory locks.
-- search_path is fixed at creation: the table is found in the schema the migration ran in, whatever the caller's path.
CREATE FUNCTION "ErasedAccount_refuse_row"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  owner_id text;
BEGIN
  IF TG_TABLE_NAME = 'Upload' THEN
    -- "user:<id>"; a guest's upload ("guest:<hash>") has no account to check.
    IF left(NEW."owner", 5) <> 'user:' THEN
      RETURN NEW;
    END IF;
    owner_id := substr(NEW."owner", 6);
  ELSE
    owner_id := NEW."userId";
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('ErasedAccount'), hashtext(owner_id));
  IF EXISTS (SELECT 1 FROM "ErasedAccount" WHERE "userId" = owner_id) THEN
    RAISE EXCEPTION 'the account was erased' USING ERRCODE = 'EA001';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Session_erased_account" BEFORE INSERT OR UPDATE OF "userId" ON "Session"
  FOR EACH ROW EXECUTE FUNCTION "ErasedAccount_refuse_row"();

CREATE TRIGGER "Commitment_erased_account" BEFORE INSERT OR UPDATE OF "userId" ON "Commitment"
  FOR EACH ROW EXECUTE FUNCTION "ErasedAccount_refuse_row"();

CREATE TRIGGER "Upload_erased_account" BEFORE INSERT OR UPDATE OF "owner" ON "Upload"
  FOR EACH ROW EXECUTE FUNCTION "ErasedAccount_refuse_row"();
