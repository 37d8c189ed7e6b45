import { makeReminderClickHandler } from "@/lib/server/handlers/session";

// POST /api/public/sessions/{id}/reminder-cta-click — anonymous: acknowledged, nothing stored
export const POST = makeReminderClickHandler("public");
