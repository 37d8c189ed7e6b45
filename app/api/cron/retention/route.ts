import { makeRetentionHandler } from "@/lib/server/handlers/retention";

const handler = makeRetentionHandler();

// POST /api/cron/retention — delete failed audio older than 30 days and ended rate-limit windows (Bearer $CRON_SECRET)
export const POST = handler;
// GET /api/cron/retention — the same, for schedulers that send GET (Vercel Cron)
export const GET = handler;
