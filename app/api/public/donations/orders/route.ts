import { createDonationOrderHandler } from "@/lib/server/handlers/donations";

// POST /api/public/donations/orders — create a PayPal order for a donation
export const POST = createDonationOrderHandler;
