import { makeDeleteAccountDataHandler } from "@/lib/server/handlers/account-data";

// DELETE /api/account/data (?account=true) — delete all of the signed-in user's data (and, when asked, the Clerk account)
export const DELETE = makeDeleteAccountDataHandler("account");
