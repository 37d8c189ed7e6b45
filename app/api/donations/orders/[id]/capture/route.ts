import { captureDonationOrderHandler } from "@/lib/server/handlers/donations";

// POST /api/donations/orders/[id]/capture — capture an approved donation order
export const POST = captureDonationOrderHandler;
