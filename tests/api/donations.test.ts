/** @jest-environment node */
import { http, HttpResponse } from "msw";

import { GET as configAccount } from "@/app/api/donations/config/route";
import { POST as captureAccount } from "@/app/api/donations/orders/[id]/capture/route";
import { POST as createAccount } from "@/app/api/donations/orders/route";
import { POST as capturePublic } from "@/app/api/public/donations/orders/[id]/capture/route";
import { POST as createPublic } from "@/app/api/public/donations/orders/route";
import { clearPayPalTokens } from "@/lib/server/services/paypal";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, routeContext } from "@/tests/helpers/requests";

// The two donation routes against PayPal's Orders v2 REST API, faked at the network level in PayPal's own wire format
// (https://developer.paypal.com/docs/api/orders/v2/): an OAuth 2 client-credentials token, then create and capture.

const PAYPAL = "http://paypal.test";
const CLIENT_ID = `A${"x".repeat(79)}`;
const SECRET = "paypal-secret-for-tests";
const ORDER_ID = "5O190127TN364715T";

// msw (anything unexpected fails the test) and a migrated database: new orders are counted per address (rate limit).
const { server } = setUpApiTestContext();
afterEach(() => clearPayPalTokens());

type Seen = { path: string; headers: Record<string, string>; body: string };

/** PayPal's token endpoint: Basic auth with the client id and secret, form-encoded client_credentials grant. */
function tokenEndpoint(seen: Seen[]) {
  return http.post(`${PAYPAL}/v1/oauth2/token`, async ({ request }) => {
    seen.push({ path: "/v1/oauth2/token", headers: Object.fromEntries(request.headers), body: await request.text() });
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString("base64")}`;
    if (request.headers.get("authorization") !== expected) {
      return HttpResponse.json({ error: "invalid_client", error_description: "Client Authentication failed" }, { status: 401 });
    }
    return HttpResponse.json({
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: "A21AA-token",
      token_type: "Bearer",
      app_id: "APP-80W284485P519543T",
      expires_in: 32400,
      nonce: "2026-11-23T10:00:00Z",
    });
  });
}

function createEndpoint(
  seen: Seen[],
  respond: () => Response = () =>
    HttpResponse.json(
      { id: ORDER_ID, status: "CREATED", links: [{ href: `${PAYPAL}/v2/checkout/orders/${ORDER_ID}`, rel: "self", method: "GET" }] },
      { status: 201 },
    ),
) {
  return http.post(`${PAYPAL}/v2/checkout/orders`, async ({ request }) => {
    seen.push({ path: "/v2/checkout/orders", headers: Object.fromEntries(request.headers), body: await request.text() });
    return respond();
  });
}

const completedCapture = {
  id: ORDER_ID,
  status: "COMPLETED",
  payment_source: { paypal: { email_address: "buyer@example.com", account_id: "QYR5Z8XDVJNXQ", name: { given_name: "John", surname: "Doe" } } },
  purchase_units: [
    {
      reference_id: "default",
      payments: {
        captures: [
          {
            id: "3C679366HH908993F",
            status: "COMPLETED",
            amount: { currency_code: "USD", value: "2.00" },
            final_capture: true,
            seller_receivable_breakdown: { gross_amount: { currency_code: "USD", value: "2.00" } },
          },
        ],
      },
    },
  ],
  links: [],
};

function captureEndpoint(seen: Seen[], respond: () => Response = () => HttpResponse.json(completedCapture, { status: 201 })) {
  return http.post(`${PAYPAL}/v2/checkout/orders/:id/capture`, async ({ request, params }) => {
    seen.push({ path: `/v2/checkout/orders/${params.id as string}/capture`, headers: Object.fromEntries(request.headers), body: await request.text() });
    const answer = respond();
    // As PayPal: without Prefer: return=representation, the answer is minimal (the order's id, status and links).
    if (request.headers.get("prefer") === "return=representation" || !answer.ok) return answer;
    const { id, status, links } = (await answer.json()) as { id: string; status: string; links: unknown };
    return HttpResponse.json({ id, status, links }, { status: answer.status });
  });
}

const paypalError = (status: number, name: string, issue: string) =>
  HttpResponse.json(
    { name, message: "The requested action could not be performed.", debug_id: "f1a2b3c4d5e6", details: [{ issue, description: issue.toLowerCase() }] },
    { status },
  );

// Each test's orders and captures come from its own address, so the hourly limit never carries over from one test to the next.
let address = 0;
beforeEach(() => (address += 1));
const fromAddress = () => ({ "x-forwarded-for": `203.0.113.${address}` });
const create = (body: unknown, handler = createPublic) =>
  handler(apiRequest("/api/public/donations/orders", { method: "POST", body, headers: fromAddress() }), routeContext());
const capture = (id: string, handler = capturePublic) =>
  handler(apiRequest(`/api/public/donations/orders/${id}/capture`, { method: "POST", headers: fromAddress() }), routeContext({ id }));

describe("with PayPal configured", () => {
  setEnvForFile({ NEXT_PUBLIC_PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: SECRET, PAYPAL_API_BASE: PAYPAL });

  it("GET config: the public client id and that orders can be taken (never the secret)", async () => {
    const response = await configAccount(apiRequest("/api/donations/config"), routeContext());
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ clientId: CLIENT_ID, ordersEnabled: true });
    expect(text).not.toContain(SECRET);
  });

  it("creates a CAPTURE order in USD with the amount, a description and an idempotency key, with a fresh token", async () => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), createEndpoint(seen));

    const response = await create({ amount: "2.00", currency: "USD" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: ORDER_ID });

    expect(seen.map((request) => request.path)).toEqual(["/v1/oauth2/token", "/v2/checkout/orders"]);
    expect(seen[0]!.body).toBe("grant_type=client_credentials");
    expect(seen[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const order = seen[1]!;
    expect(order.headers.authorization).toBe("Bearer A21AA-token");
    expect(order.headers["paypal-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(order.body)).toEqual({
      intent: "CAPTURE",
      purchase_units: [{ description: expect.stringContaining("coach project"), amount: { currency_code: "USD", value: "2.00" } }],
    });
  });

  it("reuses the token for the next call (the signed-in route is the same handler)", async () => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), createEndpoint(seen), captureEndpoint(seen));
    expect((await create({ amount: "5.50" }, createAccount)).status).toBe(201);
    expect((await capture(ORDER_ID, captureAccount)).status).toBe(200);
    expect(seen.map((request) => request.path)).toEqual(["/v1/oauth2/token", "/v2/checkout/orders", `/v2/checkout/orders/${ORDER_ID}/capture`]);
    expect(JSON.parse(seen[1]!.body).purchase_units[0].amount).toEqual({ currency_code: "USD", value: "5.50" });
  });

  it.each([
    { body: { amount: "0.99" }, message: "minimum" },
    { body: { amount: "500.01" }, message: "maximum" },
    { body: { amount: "1.234" }, message: "at most 2 decimals" },
    { body: { amount: 2 }, message: "amount" },
    { body: { amount: "2.00", currency: "EUR" }, message: "currency" },
    { body: { amount: "2.00", extra: true }, message: "extra" },
    { body: {}, message: "amount" },
  ])("refuses $body with a 400 naming the problem, and calls PayPal not at all", async ({ body, message }) => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), createEndpoint(seen));
    const response = await create(body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.code).toBe("bad_request");
    expect(answer.error).toContain(message);
    expect(seen).toEqual([]);
  });

  it("malformed JSON and an oversized body are a 400 and a 413, never a 500", async () => {
    const malformed = await createPublic(
      new Request("http://localhost:3000/api/public/donations/orders", { method: "POST", headers: { "content-type": "application/json" }, body: "{amount" }),
      routeContext(),
    );
    expect(malformed.status).toBe(400);
    expect((await create({ amount: "2.00", pad: "x".repeat(4000) })).status).toBe(413);
  });

  it("20 new orders per address and hour, then a 429 with Retry-After, without calling PayPal; other addresses go on", async () => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), createEndpoint(seen));
    for (let order = 0; order < 20; order += 1) expect((await create({ amount: "1.00" })).status).toBe(201);
    const refused = await create({ amount: "1.00" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
    expect(seen.filter((request) => request.path === "/v2/checkout/orders")).toHaveLength(20);

    address += 1;
    expect((await create({ amount: "1.00" })).status).toBe(201);
  });

  it("the addresses of one IPv6 /64 share one allowance of 20 orders", async () => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), createEndpoint(seen));
    const fromLine = (host: number) => ({ "x-forwarded-for": `2001:db8:${address.toString(16)}:1::${host.toString(16)}` });
    const order = (host: number) =>
      createPublic(apiRequest("/api/public/donations/orders", { method: "POST", body: { amount: "1.00" }, headers: fromLine(host) }), routeContext());
    for (let host = 1; host <= 20; host += 1) expect((await order(host)).status).toBe(201);
    expect((await order(21)).status).toBe(429);
    expect(seen.filter((request) => request.path === "/v2/checkout/orders")).toHaveLength(20);
    address += 1;
  });

  it("20 captures per address and hour, then a 429 without calling PayPal", async () => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), captureEndpoint(seen));
    for (let call = 0; call < 20; call += 1) expect((await capture(ORDER_ID)).status).toBe(200);
    const refused = await capture(ORDER_ID);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
    expect(seen.filter((request) => request.path.endsWith("/capture"))).toHaveLength(20);
    address += 1;
  });

  it("an answer from PayPal that is not of its shape, or not JSON, is a 502 that blames neither the user nor our server", async () => {
    const seen: Seen[] = [];
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    server.use(
      tokenEndpoint(seen),
      createEndpoint(seen, () => HttpResponse.json({ weird: true }, { status: 201 })),
      captureEndpoint(seen, () => new HttpResponse("<html>gateway secret-body</html>", { status: 200, headers: { "content-type": "text/html" } })),
    );
    const created = await create({ amount: "2.00" });
    expect(created.status).toBe(502);
    expect(await created.json()).toEqual({ error: "The checkout could not be started.", code: "upstream_failed" });
    const captured = await capture(ORDER_ID);
    expect(captured.status).toBe(502);
    expect(await captured.json()).toEqual({ error: "The payment could not be captured.", code: "upstream_failed" });
    expect(error.mock.calls.flat().join(" ")).not.toContain("secret-body");
    error.mockRestore();
  });

  it("captures an approved order", async () => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), captureEndpoint(seen));
    const response = await capture(ORDER_ID);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: ORDER_ID, status: "COMPLETED" });
    const call = seen[1]!;
    expect(call.headers.authorization).toBe("Bearer A21AA-token");
    expect(call.headers["paypal-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the capture after a declined card (the buyer picked another way to pay) is tried anew, not answered with the decline", async () => {
    const seen: Seen[] = [];
    // As PayPal: a PayPal-Request-Id seen before is answered with that call's outcome.
    const outcomes = new Map<string, "declined" | "completed">();
    let calls = 0;
    server.use(
      tokenEndpoint([]),
      captureEndpoint(seen, () => {
        const id = seen.at(-1)!.headers["paypal-request-id"]!;
        if (!outcomes.has(id)) outcomes.set(id, (calls += 1) === 1 ? "declined" : "completed");
        return outcomes.get(id) === "declined"
          ? paypalError(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED")
          : HttpResponse.json(completedCapture, { status: 201 });
      }),
    );
    expect((await capture(ORDER_ID)).status).toBe(422);
    const second = await capture(ORDER_ID);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ id: ORDER_ID, status: "COMPLETED" });
    expect(new Set(seen.map((call) => call.headers["paypal-request-id"])).size).toBe(2);
  });

  it("refuses an order id that is not PayPal's before any call", async () => {
    const seen: Seen[] = [];
    server.use(tokenEndpoint(seen), captureEndpoint(seen));
    for (const id of ["../../v1/oauth2/token", "abc", "X".repeat(40)]) expect((await capture(id)).status).toBe(400);
    expect(seen).toEqual([]);
  });

  it("a declined card is a 422 carrying INSTRUMENT_DECLINED, so the buttons can restart", async () => {
    server.use(
      tokenEndpoint([]),
      captureEndpoint([], () => paypalError(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED")),
    );
    const response = await capture(ORDER_ID);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: "unprocessable", issue: "INSTRUMENT_DECLINED" });
  });

  it("an order PayPal does not know is a 404; one already captured whose capture cannot be seen completed a 502", async () => {
    server.use(
      tokenEndpoint([]),
      captureEndpoint([], () => paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID")),
    );
    expect((await capture(ORDER_ID)).status).toBe(404);
    server.use(
      captureEndpoint([], () => paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED")),
      http.get(`${PAYPAL}/v2/checkout/orders/:id`, () => HttpResponse.json({ id: ORDER_ID, status: "APPROVED" })),
    );
    const again = await capture(ORDER_ID);
    expect(again.status).toBe(502);
    expect(await again.json()).toMatchObject({ code: "upstream_failed", issue: "ORDER_ALREADY_CAPTURED" });
  });

  it("a capture that did not complete is a 502", async () => {
    server.use(
      tokenEndpoint([]),
      captureEndpoint([], () => HttpResponse.json({ ...completedCapture, status: "PAYER_ACTION_REQUIRED", purchase_units: [] }, { status: 201 })),
    );
    expect((await capture(ORDER_ID)).status).toBe(502);
  });

  it("an order COMPLETED whose capture was DECLINED is not a donation: a 502, and the whole order was asked for", async () => {
    const seen: Seen[] = [];
    const declined = structuredClone(completedCapture);
    declined.purchase_units[0]!.payments.captures[0]!.status = "DECLINED";
    server.use(
      tokenEndpoint([]),
      captureEndpoint(seen, () => HttpResponse.json(declined, { status: 201 })),
    );
    const response = await capture(ORDER_ID);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: "The payment was not completed." });
    expect(seen[0]!.headers.prefer).toBe("return=representation");
  });

  it.each([
    ["goes unanswered but completed at PayPal", () => HttpResponse.error()],
    // The browser asks again when it heard nothing: PayPal refuses a second capture of the order.
    ["is asked again after its answer was lost (the order already captured)", () => paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED")],
  ])("a capture that %s is a donation: the order is looked at before saying it failed", async (_case, answer) => {
    const seen: Seen[] = [];
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    server.use(
      tokenEndpoint([]),
      captureEndpoint(seen, answer),
      http.get(
        `${PAYPAL}/v2/checkout/orders/:id`,
        ({ params }) => (seen.push({ path: `GET ${params.id as string}`, headers: {}, body: "" }), HttpResponse.json(completedCapture)),
      ),
    );
    const response = await capture(ORDER_ID);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: ORDER_ID, status: "COMPLETED" });
    expect(seen.map((call) => call.path)).toEqual([`/v2/checkout/orders/${ORDER_ID}/capture`, `GET ${ORDER_ID}`]);
    error.mockRestore();
  });

  it("a capture that goes unanswered on an order not captured (or that cannot be looked at) is a 503 to try again", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    server.use(
      tokenEndpoint([]),
      captureEndpoint([], () => HttpResponse.error()),
      http.get(`${PAYPAL}/v2/checkout/orders/:id`, () => HttpResponse.json({ id: ORDER_ID, status: "APPROVED" })),
    );
    const response = await capture(ORDER_ID);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "unavailable", error: "PayPal could not be reached. Please try again." });
    server.use(http.get(`${PAYPAL}/v2/checkout/orders/:id`, () => HttpResponse.error()));
    expect((await capture(ORDER_ID)).status).toBe(503);
    error.mockRestore();
  });

  it("PayPal failing to create the order is a 502; unreachable a 503; wrong credentials a 502", async () => {
    server.use(
      tokenEndpoint([]),
      createEndpoint([], () => paypalError(500, "INTERNAL_SERVER_ERROR", "INTERNAL_SERVICE_ERROR")),
    );
    expect((await create({ amount: "2.00" })).status).toBe(502);

    server.use(createEndpoint([], () => HttpResponse.error()));
    expect((await create({ amount: "2.00" })).status).toBe(503);

    clearPayPalTokens();
    server.use(
      http.post(`${PAYPAL}/v1/oauth2/token`, () =>
        HttpResponse.json({ error: "invalid_client", error_description: "Client Authentication failed" }, { status: 401 }),
      ),
    );
    const refused = await create({ amount: "2.00" });
    expect(refused.status).toBe(502);
    expect(JSON.stringify(await refused.json())).not.toContain(SECRET);
  });
});

describe("without the PayPal secret", () => {
  setEnvForFile({ NEXT_PUBLIC_PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: undefined, PAYPAL_API_BASE: PAYPAL });

  it("config says orders cannot be taken, and both routes answer 503 not_configured without calling PayPal", async () => {
    expect(await (await configAccount(apiRequest("/api/donations/config"), routeContext())).json()).toEqual({ clientId: CLIENT_ID, ordersEnabled: false });
    const created = await create({ amount: "2.00" });
    expect(created.status).toBe(503);
    expect(await created.json()).toMatchObject({ code: "not_configured" });
    expect((await capture(ORDER_ID)).status).toBe(503);
  });
});

describe("with nothing configured", () => {
  setEnvForFile({ NEXT_PUBLIC_PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined, PAYPAL_API_BASE: undefined });

  it("config has no client id", async () => {
    expect(await (await configAccount(apiRequest("/api/donations/config"), routeContext())).json()).toEqual({ clientId: null, ordersEnabled: false });
  });
});
