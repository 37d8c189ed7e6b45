import { makeMigrateHandler } from "@/lib/server/handlers/migrate";

// POST /api/sessions/migrate?skipRegeneration=true — move a guest's browser sessions into the account (idempotent)
export const POST = makeMigrateHandler("account");
