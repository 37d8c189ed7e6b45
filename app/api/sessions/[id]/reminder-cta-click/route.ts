import { makeReminderClickHandler } from "@/lib/server/handlers/session";

// POST /api/sessions/{id}/reminder-cta-click — count a "Set Reminder" tap
export const POST = makeReminderClickHandler("account");
