import { makeAccountExportHandler } from "@/lib/server/handlers/account-export";

// GET /api/public/account/export — where the proxy sends callers without a session: there is no account to export (401)
export const GET = makeAccountExportHandler("public");
