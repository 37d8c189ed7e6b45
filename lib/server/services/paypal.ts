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
/** The look at an order whose capture went unanswered: short, so the capture route still answers inside the browser's 30 s. */
const ORDER_CHECK_TIMEOUT_MS = 5_000;

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
  const orderUrl = `${config.apiBase}/v2/checkout/orders/${encodeURIComponent(orderId)}`;
  let response: Response;
  try {
    response = await captureCall(orderUrl, token);
  } catch (error) {
    // The capture may have reached PayPal and completed after our wait ended: the order says whether the money moved, so
    // the buyer is not told it failed (and does not pay again) when it did not.
    if (error instanceof ApiError && error.code === "unavailable" && (await orderWasCaptured(orderUrl, token))) return { id: orderId, status: "COMPLETED" };
    throw error;
  }
  if (!response.ok) {
    const refusal = await upstreamError("capture", response);
    // Captured by an earlier call whose answer was lost (the browser asks again when it hears nothing): the same donation,
    // so the buyer is told it went through, not to pay again.
    if (refusal.details?.issue === "ORDER_ALREADY_CAPTURED" && (await orderWasCaptured(orderUrl, token))) return { id: orderId, status: "COMPLETED" };
    throw refusal;
  }
  const captured = await answerOf(response, captureSchema, "capture");
  // Money moved only when the capture itself says so (PENDING: PayPal is still reviewing it, and settles it later).
  if (!moneyMoved(captured)) {
    console.error(`[paypal] capture ended ${captured.status}/${firstCapture(captured)?.status ?? "-"}`);
    throw new ApiError("upstream_failed", "The payment was not completed.", { issue: captured.status });
  }
  return { id: captured.id, status: captured.status };
}

/** The capture a donation's order holds (one purchase unit, captured once at most). */
function firstCapture(order: z.infer<typeof captureSchema>) {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

function moneyMoved(order: z.infer<typeof captureSchema>): boolean {
  const capture = firstCapture(order);
  return order.status === "COMPLETED" && capture !== undefined && (capture.status === "COMPLETED" || capture.status === "PENDING");
}

/** Whether PayPal holds the order as captured (GET answers the whole order); false when that cannot be told either. */
async function orderWasCaptured(orderUrl: string, token: string): Promise<boolean> {
  try {
    const response = await paypalFetch(orderUrl, { method: "GET", headers: { Authorization: `Bearer ${token}` } }, ORDER_CHECK_TIMEOUT_MS);
    if (!response.ok) return false;
    const order = captureSchema.safeParse(await response.json().catch(() => undefined));
    return order.success && moneyMoved(order.data);
  } catch {
    return false;
  }
}

function captureCall(orderUrl: string, token: string): Promise<Response> {
  return paypalFetch(`${orderUrl}/capture`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      // A new id for every call: PayPal answers an id it has seen with that call's outcome, and the capture that follows a
      // declined card (the buyer picked another way to pay on the same order) must be tried anew. Money cannot move twice:
      // PayPal captures an order once at most, and refuses the next capture (ORDER_ALREADY_CAPTURED).
      "PayPal-Request-Id": crypto.randomUUID(),
      // The whole order, with its capture: PayPal's default answer (return=minimal) has the order's status alone, and an
      // order COMPLETED can hold a capture that was DECLINED.
      Prefer: "return=representation",
    },
  });
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

async function paypalFetch(url: string, init: RequestInit, timeoutMs = PAYPAL_TIMEOUT_MS): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), cache: "no-store" });
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
