import "server-only";

import { identityFromRequest } from "@/lib/server/auth/identity";
import { ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { MIGRATE_BODY_LIMIT_BYTES, isDatabaseUnreachable, migrateBodySchema, migrateSessionsForUser } from "@/lib/server/services/migrate";

import { type ApiScope, withScopeHeader } from "./scope";

// The spec's 'Migration Notice' text: whatever stops a migration, the sessions stay in the browser.
export const MIGRATION_NOTICE = "Sessions remain on this device only.";
const NOT_MIGRATED = { success: false, localOnly: true, migratedCount: 0, warning: null } as const;

/**
 * POST /api/sessions/migrate?skipRegeneration=true — body {sessions[]} (at most 100, ~8 MB), answers
 * {success, migratedCount, warning, error, localOnly} (plus the migrated and skipped ids).
 *
 * Statuses, decided against the spec's "503 with localOnly means no database is configured": a database always exists
 * here (embedded PGlite when DATABASE_URL is unset), so
 *  - an anonymous caller (the public variant, or the signed-in path without a valid session) gets 401 with localOnly:
 *    there is no account to migrate into, and the browser keeps its sessions;
 *  - 503 with localOnly is answered only when the database cannot be reached (connection failure), not for other errors;
 *  - invalid items are skipped and counted in `warning`; a malformed body is a 400, an oversized one a 413.
 */
export function makeMigrateHandler(scope: ApiScope) {
  return withErrors(async (request) => {
    const { sessions } = await parseJson(request, migrateBodySchema, { limitBytes: MIGRATE_BODY_LIMIT_BYTES });
    const identity = scope === "account" ? await identityFromRequest(request) : null;
    if (!identity) throw new ApiError("unauthorized", MIGRATION_NOTICE, NOT_MIGRATED);
    try {
      return withScopeHeader(Response.json(await migrateSessionsForUser(identity.userId, sessions)), scope);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      console.error("[migrate] the database cannot be reached");
      throw new ApiError("unavailable", MIGRATION_NOTICE, NOT_MIGRATED);
    }
  });
}
