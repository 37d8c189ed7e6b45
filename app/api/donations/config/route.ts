import { donationConfigHandler } from "@/lib/server/handlers/donations";

// GET /api/donations/config — PayPal client id and whether donations can be taken
export const GET = donationConfigHandler;
