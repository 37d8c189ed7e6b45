import "server-only";

import { z } from "zod";

import { signInRequired } from "@/lib/server/http/errors";
import { deleteAccountData, deleteClerkUser } from "@/lib/server/services/account-delete";

import { scopedRoute, type ApiScope } from "./session-route";

const querySchema = z.object({ account: z.enum(["true", "false"]).optional() });

/**
 * DELETE /api/account/data (?account=true) — deletes every session of the caller with its votes, follow-ups, failure
 * markers and retained audio, commitments and uploads, in one transaction, and answers the counts; with account=true the
 * rate-limit counters go too, and the Clerk user after the data. A guest's data lives in their browser: the public variant is a 401.
 */
export const makeDeleteAccountDataHandler = (scope: ApiScope) =>
  scopedRoute(scope, {
    guest: () => {
      throw signInRequired();
    },
    account: async ({ identity, url }) => {
      const query = querySchema.parse(Object.fromEntries(url.searchParams));
      const accountDeleted = query.account === "true";
      const deleted = await deleteAccountData(identity.userId, { account: accountDeleted });
      if (accountDeleted) await deleteClerkUser(identity.userId, deleted);
      return { success: true, deleted, accountDeleted };
    },
  });
