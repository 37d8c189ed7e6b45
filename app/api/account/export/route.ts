import { makeAccountExportHandler } from "@/lib/server/handlers/account-export";

// GET /api/account/export — the signed-in user's data as one JSON download
export const GET = makeAccountExportHandler("account");
