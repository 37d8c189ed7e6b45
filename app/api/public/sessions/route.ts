import { makeListSessionsHandler } from "@/lib/server/handlers/list-sessions";

// GET /api/public/sessions — anonymous variant: guests keep their sessions in the browser, nothing is read or stored here
export const GET = makeListSessionsHandler("public");
