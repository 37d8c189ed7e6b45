import { makeMigrateHandler } from "@/lib/server/handlers/migrate";

// POST /api/public/sessions/migrate — no account to migrate into: 401 with localOnly; nothing is stored
export const POST = makeMigrateHandler("public");
