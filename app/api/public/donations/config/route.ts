import { donationConfigHandler } from "@/lib/server/handlers/donations";

// GET /api/public/donations/config — PayPal client id and whether donations can be taken
export const GET = donationConfigHandler;
