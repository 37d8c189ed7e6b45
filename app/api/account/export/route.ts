import { makeAccountExportHandler } from "@/lib/server/handlers/account-export";

// GET /api/account/export — the signed-in user's data as one JSON download
export const GET = makeAccountExportHandler("account");
// A long history streams for a while; the browser waits up to 120 s too (lib/client/api/request-timeouts.ts).
export const maxDuration = 120;
