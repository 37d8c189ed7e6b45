import { makeDeleteAccountDataHandler } from "@/lib/server/handlers/account-data";

// DELETE /api/public/account/data — where the proxy sends callers without a session: a guest's data is in their browser (401)
export const DELETE = makeDeleteAccountDataHandler("public");
