import "server-only";

import { z } from "zod";

import { DONATION, type DonationOrderRequest } from "@/lib/domain/donation/amount";
import { getEnv, type Env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";

// PayPal's standard checkout as PayPal recommends it: the browser's buttons ask our server to create the order and, once the
// buyer approves, to capture it; the server talks to the Orders v2 REST API with an OAuth 2 access token from the client id
// and secret (https://developer.paypal.com/docs/checkout/standard/integrate/). The secret never leaves the server.

export const PAYPAL_SANDBOX_API_BASE = "https://api-m.sandbox.paypal.com";

/** Each PayPal call gets this long; the route answers well inside a serverless function's limit. */
const PAYPAL_TIMEOUT_MS = 10_000;

export type PayPalConfig = { clientId: string; clientSecret: string; apiBase: string };

/** Both halves of the credentials, or null: without the secret no order can be created. */
export function getPayPalConfig(env: Env = getEnv()): PayPalConfig | null {
  if (!env.NEXT_PUBLIC_PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  return {
    clientId: env.NEXT_PUBLIC_PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    apiBase: (env.PAYPAL_API_BASE ?? PAYPAL_SANDBOX_API_BASE).replace(/\/+$/, ""),
  };
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const orderSchema = z.object({ id: z.string().min(1), status: z.string() });
const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).optional() }).optional() }))
    .optional(),
});
/** PayPal's error body: `{ name, message, debug_id, details: [{ issue, description }] }`. */
const paypalErrorSchema = z.object({
  name: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
});

/** Tokens last about 9 hours; one per credential set is reused until a minute before it expires. */
const tokens = new Map<string, { value: string; expiresAt: number }>();

async function accessToken(config: PayPalConfig): Promise<string> {
  const key = `${config.apiBase} ${config.clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.value;

  const response = await paypalFetch(`${config.apiBase}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!response.ok) throw await upstreamError("token", response);
  const token = await answerOf(response, tokenSchema, "token");
  tokens.set(key, { value: token.access_token, expiresAt: Date.now() + (token.expires_in - 60) * 1000 });
  return token.access_token;
}

/** Creates a CAPTURE order for the donation; returns PayPal's order id for the buttons. */
export async function createDonationOrder(config: PayPalConfig, order: DonationOrderRequest): Promise<{ id: string }> {
  const token = await accessToken(config);
  const response = await paypalFetch(`${config.apiBase}/v2/checkout/orders`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      // A retried request never creates a second order.
      "PayPal-Request-Id": crypto.randomUUID(),
      Prefer: "return=minimal",
    },
    body: JSON.stringify({
      intent: "CAPTURE",
      purchase_units: [
        {
          // Spec part 1, section 3: the order description says the purchase supports the coach project.
          description: "Buy Us A Drink: supports the Relationship Retro coach project",
          amount: { currency_code: DONATION.currency, value: order.amount },
        },
      ],
    }),
  });
  if (!response.ok) throw await upstreamError("create", response);
  const created = await answerOf(response, orderSchema, "create");
  return { id: created.id };
}

export type CaptureResult = { id: string; status: string };

/**
 * Captures an approved order. A declined card is a 422 with the issue INSTRUMENT_DECLINED: the buttons then restart the
 * checkout so the buyer can pick another way to pay, as PayPal's integration guide does.
 */
export async function captureDonationOrder(config: PayPalConfig, orderId: string): Promise<CaptureResult> {
  const token = await accessToken(config);
  const response = await paypalFetch(`${config.apiBase}/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      // The same capture sent twice (a double tap, a retry after a time-out) is answered once by PayPal.
      "PayPal-Request-Id": `capture-${orderId}`,
      // The whole order, with its capture: PayPal's default answer (return=minimal) has the order's status alone, and an
      // order COMPLETED can hold a capture that was DECLINED.
      Prefer: "return=representation",
    },
  });
  if (!response.ok) throw await upstreamError("capture", response);
  const captured = await answerOf(response, captureSchema, "capture");
  const capture = captured.purchase_units?.[0]?.payments?.captures?.[0];
  // Money moved only when the capture itself says so (PENDING: PayPal is still reviewing it, and settles it later).
  if (captured.status !== "COMPLETED" || !capture || (capture.status !== "COMPLETED" && capture.status !== "PENDING")) {
    console.error(`[paypal] capture ended ${captured.status}/${capture?.status ?? "-"}`);
    throw new ApiError("upstream_failed", "The payment was not completed.", { issue: captured.status });
  }
  return { id: captured.id, status: captured.status };
}

/**
 * PayPal's answer read with its schema: an answer that is not JSON or not of that shape is PayPal's fault, a 502, never a
 * 400 blaming the user or a 500 (and nothing of its body is logged).
 */
async function answerOf<T>(response: Response, schema: z.ZodType<T>, call: "token" | "create" | "capture"): Promise<T> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) return parsed.data;
  console.error(`[paypal] ${call} answered ${response.status} with an unexpected body`);
  throw new ApiError("upstream_failed", call === "capture" ? "The payment could not be captured." : "The checkout could not be started.");
}

async function paypalFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS), cache: "no-store" });
  } catch (error) {
    console.error(`[paypal] request failed: ${error instanceof Error ? error.name : "unknown"}`);
    throw new ApiError("unavailable", "PayPal could not be reached. Please try again.");
  }
}

/** Logged by status, PayPal's error name, issue and debug id (what PayPal support asks for); never the credentials. */
async function upstreamError(step: "token" | "create" | "capture", response: Response): Promise<ApiError> {
  const body = paypalErrorSchema.safeParse(await response.json().catch(() => null));
  const issue = body.success ? body.data.details?.[0]?.issue : undefined;
  const name = body.success ? body.data.name : undefined;
  console.error(`[paypal] ${step} failed: ${response.status} ${name ?? ""} ${issue ?? ""} debug_id=${body.success ? (body.data.debug_id ?? "-") : "-"}`.trim());
  if (step === "capture" && issue === "INSTRUMENT_DECLINED") {
    return new ApiError("unprocessable", "The payment method was declined. Please choose another one.", { issue });
  }
  if (step === "capture" && response.status === 404) return new ApiError("not_found", "Order not found");
  return new ApiError(
    "upstream_failed",
    step === "capture" ? "The payment could not be captured." : "The checkout could not be started.",
    issue ? { issue } : undefined,
  );
}

/** Tests start each case with no cached token. */
export function clearPayPalTokens(): void {
  tokens.clear();
}
