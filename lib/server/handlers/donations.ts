import "server-only";

import { donationOrderRequestSchema, paypalOrderIdSchema } from "@/lib/domain/donation/amount";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { consume, guestAddress, rateLimited } from "@/lib/server/security/rate-limit";
import { captureDonationOrder, createDonationOrder, getPayPalConfig } from "@/lib/server/services/paypal";

// "Buy Us A Drink" (spec part 1, sections 2 and 4). A tip needs no account: the signed-in and the public variant of each
// route are the same handler, and nothing is stored on our side (PayPal keeps the order).

const ORDER_BODY_LIMIT_BYTES = 1024;

/**
 * New orders per address and hour, on the shared database counters of lib/server/security/rate-limit.ts. A person tips a
 * few times at most; a script testing stolen cards through our PayPal account creates hundreds. Counted by address for
 * everyone, since a tip needs no account.
 */
const ORDER_RULE = { limit: 20, windowMs: 60 * 60 * 1000 };

/** Orders and captures are counted apart, each under ORDER_RULE: a capture follows an order, so the same bound holds. */
async function admit(request: Request, call: "order" | "capture"): Promise<void> {
  const decision = await consume(`donation-${call}:ip:${guestAddress(request)}`, ORDER_RULE);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}

function requirePayPal() {
  const config = getPayPalConfig();
  if (!config) throw new ApiError("not_configured", "Donations are not configured on this server.");
  return config;
}

/** GET /api/donations/config — the public client id for the PayPal SDK, and whether the server can take the order. */
export const donationConfigHandler = withErrors(async () => {
  const env = getEnv();
  return Response.json({ clientId: env.NEXT_PUBLIC_PAYPAL_CLIENT_ID ?? null, ordersEnabled: getPayPalConfig(env) !== null });
});

/** POST /api/donations/orders — creates a PayPal order for the chosen amount (USD, $1 to $500); 20 per address and hour. */
export const createDonationOrderHandler = withErrors(async (request) => {
  const config = requirePayPal();
  const order = await parseJson(request, donationOrderRequestSchema, { limitBytes: ORDER_BODY_LIMIT_BYTES });
  await admit(request, "order");
  return Response.json(await createDonationOrder(config, order), { status: 201 });
});

/** POST /api/donations/orders/[id]/capture — captures the order once the buyer approved it in PayPal's window; 20 per address and hour. */
export const captureDonationOrderHandler = withErrors<{ id: string }>(async (request, { params }) => {
  const config = requirePayPal();
  const parsed = paypalOrderIdSchema.safeParse((await params).id);
  if (!parsed.success) throw new ApiError("bad_request", "Invalid order id");
  await admit(request, "capture");
  return Response.json(await captureDonationOrder(config, parsed.data));
});
