import "server-only";

import { createHash, timingSafeEqual } from "node:crypto";

import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { runRetention } from "@/lib/server/services/retention";

/**
 * POST (and GET, which Vercel Cron sends) /api/cron/retention — the scheduled clean-up of old failed audio and ended
 * rate-limit windows. Authorised by `Authorization: Bearer $CRON_SECRET` only; without CRON_SECRET the route is off (503),
 * so an unconfigured deployment never exposes it.
 */
export function makeRetentionHandler() {
  return withErrors(async (request) => {
    const secret = getEnv().CRON_SECRET;
    if (!secret) throw new ApiError("not_configured", "The retention job is not configured: set CRON_SECRET.");
    if (!bearerMatches(request.headers.get("authorization"), secret)) throw new ApiError("unauthorized", "Invalid or missing cron secret.");
    return Response.json(await runRetention());
  });
}

/** Compares digests in constant time: the secret's length and content leak nothing through timing. */
function bearerMatches(header: string | null, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(header?.trim() ?? "");
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(secret));
}
