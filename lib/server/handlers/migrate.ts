import "server-only";

import { MIGRATE_BODY_LIMIT_BYTES } from "@/lib/domain/history/migration-batches";
import { migrateBodySchema, migrateSessionsForUser, notMigrated } from "@/lib/server/services/migrate";

import { scopedRoute, type ApiScope } from "./session-route";

/**
 * POST /api/sessions/migrate?skipRegeneration=true — body {sessions[]} (at most 100, ~8 MB; a copy the account kept on a
 * device carries keptCopy, services/migrate.ts), answers {success, migratedCount, warning, error, localOnly} (plus the
 * migrated and skipped ids).
 *
 * Statuses, decided against the spec's "503 with localOnly means no database is configured": a database always exists
 * here (embedded PGlite when DATABASE_URL is unset), so
 *  - an anonymous caller (the public variant, or the signed-in path without a valid session) gets 401 with localOnly:
 *    there is no account to migrate into, and the browser keeps its sessions;
 *  - 503 with localOnly is answered only when the database cannot be reached (connection failure), not for other errors;
 *  - invalid items are skipped and counted in `warning`; a malformed body is a 400, an oversized one a 413.
 */
export const makeMigrateHandler = (scope: ApiScope) =>
  scopedRoute(scope, {
    body: { schema: migrateBodySchema, limitBytes: MIGRATE_BODY_LIMIT_BYTES },
    guest: () => {
      throw notMigrated("unauthorized");
    },
    signedOut: () => notMigrated("unauthorized"),
    unavailable: () => notMigrated("unavailable"),
    account: ({ identity, body }) => migrateSessionsForUser(identity.userId, body.sessions),
  });
