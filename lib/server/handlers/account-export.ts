import "server-only";

import { exportFileName } from "@/lib/domain/data-rights/retention";
import { requireIdentity } from "@/lib/server/auth/identity";
import { signInRequired } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { exportAccountStream } from "@/lib/server/services/account-export";

import { withScopeHeader, type ApiScope } from "./session-route";

/**
 * GET /api/account/export — everything the caller's account holds, as a JSON file download. The public variant (where
 * the proxy sends callers without a session) has no account to export: 401. Not a scopedRoute, which answers JSON
 * values only: this answer is a file, with its name.
 */
export function makeAccountExportHandler(scope: ApiScope) {
  return withErrors(async (request) => {
    if (scope === "public") throw signInRequired();
    const identity = await requireIdentity(request);
    const now = new Date();
    const response = new Response(await exportAccountStream(identity.userId, now), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      },
    });
    return withScopeHeader(response, scope);
  });
}
