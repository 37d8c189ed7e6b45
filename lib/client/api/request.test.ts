import { STORAGE_KEYS } from "../storage/browser-keys";
import { ApiRequestError, createApiClient, REQUEST_HEADERS, RequestTimeoutError, type RequestAuth } from "./request";

type Call = { url: string; init: RequestInit; headers: Headers };

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function setup({ auth = { signedIn: false } as RequestAuth, responses = [new Response("{}", { status: 200 })], storage = memoryStorage() } = {}) {
  const calls: Call[] = [];
  const queue = [...responses];
  const fetchFake = (async (url: string, init: RequestInit) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return queue.shift() ?? new Response("{}", { status: 200 });
  }) as unknown as typeof fetch;
  const client = createApiClient({ fetch: fetchFake, getAuth: () => auth, storage: () => storage });
  return { client, calls };
}

const signedIn: RequestAuth = {
  signedIn: true,
  getToken: async () => "token-123",
  user: { id: "user_1", email: "a@example.com", name: "Ana", imageUrl: "https://img.example/a.png" },
};

describe("apiRequest shared rules", () => {
  it("includes credentials, the privacy-mode header (on by default) and no-cache headers", async () => {
    const { client, calls } = setup();
    await client.apiRequest("GET", "/api/public/sessions");
    const [call] = calls;
    expect(call?.init.credentials).toBe("include");
    expect(call?.headers.get(REQUEST_HEADERS.privacyMode)).toBe("true");
    expect(call?.headers.get("Cache-Control")).toContain("no-cache");
    expect(call?.headers.get("Pragma")).toBe("no-cache");
  });

  it("sends privacy mode false only when stored as false", async () => {
    const { client, calls } = setup({ storage: memoryStorage({ [STORAGE_KEYS.privacyMode]: "false" }) });
    await client.apiRequest("GET", "/api/public/sessions");
    expect(calls[0]?.headers.get(REQUEST_HEADERS.privacyMode)).toBe("false");
  });

  it("sends a JSON body with a JSON content type", async () => {
    const { client, calls } = setup();
    await client.apiRequest("POST", "/api/analyze", { body: { transcript: "hi" } });
    expect(calls[0]?.headers.get("Content-Type")).toBe("application/json");
    expect(calls[0]?.init.body).toBe(JSON.stringify({ transcript: "hi" }));
  });

  it("sends a raw body (an upload's audio piece) as it is, with the caller's content type", async () => {
    const { client, calls } = setup();
    const piece = new Blob([new Uint8Array([1, 2, 3])]);
    await client.apiRequest("PUT", "/api/uploads/u1/parts/0/pieces/0", { rawBody: piece, headers: { "Content-Type": "application/octet-stream" } });
    expect(calls[0]?.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(calls[0]?.init.body).toBe(piece);
  });

  it("signed in: bearer token and identity headers, path unchanged", async () => {
    const { client, calls } = setup({ auth: signedIn });
    await client.apiRequest("GET", "/api/sessions");
    const headers = calls[0]?.headers;
    expect(calls[0]?.url).toBe("/api/sessions");
    expect(headers?.get("Authorization")).toBe("Bearer token-123");
    expect(headers?.get(REQUEST_HEADERS.userId)).toBe("user_1");
    expect(headers?.get(REQUEST_HEADERS.userEmail)).toBe("a@example.com");
    expect(headers?.get(REQUEST_HEADERS.userName)).toBe("Ana");
    expect(headers?.get(REQUEST_HEADERS.userImage)).toBe("https://img.example/a.png");
    expect(headers?.has(REQUEST_HEADERS.localSessions)).toBe(false);
  });

  it("signed in without an obtainable token still sends the request (the session cookie authenticates)", async () => {
    const { client, calls } = setup({ auth: { ...signedIn, getToken: async () => null } as RequestAuth });
    await client.apiRequest("GET", "/api/sessions");
    expect(calls[0]?.headers.has("Authorization")).toBe(false);
    expect(calls[0]?.url).toBe("/api/sessions");
  });

  it("percent-encodes identity hints that are not ISO-8859-1", async () => {
    const auth = { ...signedIn, user: { id: "user_1", name: "Łukasz 李" } } as RequestAuth;
    const { client, calls } = setup({ auth });
    await client.apiRequest("GET", "/api/sessions");
    expect(calls[0]?.headers.get(REQUEST_HEADERS.userName)).toBe(encodeURIComponent("Łukasz 李"));
  });

  it("anonymous: rewrites /api/ to /api/public/ and sends no identity", async () => {
    const { client, calls } = setup();
    await client.apiRequest("DELETE", "/api/sessions/abc?retry=true");
    expect(calls[0]?.url).toBe("/api/public/sessions/abc?retry=true");
    expect(calls[0]?.headers.has("Authorization")).toBe(false);
    expect(calls[0]?.headers.has(REQUEST_HEADERS.userId)).toBe(false);
  });

  it.each(["/api/transcribe", "/api/analyze"])("anonymous: %s keeps its path", async (path) => {
    const { client, calls } = setup();
    await client.apiRequest("POST", path, { body: {} });
    expect(calls[0]?.url).toBe(path);
  });

  it("anonymous sessions list: carries the locally stored sessions (references only, newest first)", async () => {
    const local = [
      { id: "local-1", timestamp: 1, transcript: "private words" },
      { id: "local-2", timestamp: 2, transcript: "more private words" },
    ];
    const { client, calls } = setup({ storage: memoryStorage({ [STORAGE_KEYS.localSessions]: JSON.stringify(local) }) });
    await client.apiRequest("GET", "/api/sessions?cacheBuster=5");
    const header = calls[0]?.headers.get(REQUEST_HEADERS.localSessions) ?? "";
    expect(JSON.parse(decodeURIComponent(header))).toEqual([
      { id: "local-2", timestamp: 2 },
      { id: "local-1", timestamp: 1 },
    ]);
    expect(decodeURIComponent(header)).not.toContain("private words");
    expect(calls[0]?.url).toBe("/api/public/sessions?cacheBuster=5");
  });

  it("anonymous, other paths: no local sessions header", async () => {
    const { client, calls } = setup();
    await client.apiRequest("GET", "/api/sessions/abc");
    expect(calls[0]?.headers.has(REQUEST_HEADERS.localSessions)).toBe(false);
  });

  it("a 401 on a protected path is retried once in public mode", async () => {
    const { client, calls } = setup({
      auth: signedIn,
      responses: [new Response("expired", { status: 401 }), new Response('{"sessions":[]}', { status: 200 })],
    });
    const response = await client.apiRequest("GET", "/api/sessions");
    expect(response.status).toBe(200);
    expect(calls.map((call) => call.url)).toEqual(["/api/sessions", "/api/public/sessions"]);
    expect(calls[1]?.headers.has("Authorization")).toBe(false);
  });

  it("a second 401 is raised, not retried again", async () => {
    const { client, calls } = setup({
      auth: signedIn,
      responses: [new Response("", { status: 401, statusText: "Unauthorized" }), new Response("", { status: 401, statusText: "Unauthorized" })],
    });
    await expect(client.apiRequest("GET", "/api/sessions")).rejects.toThrow("401: Unauthorized");
    expect(calls).toHaveLength(2);
  });

  it("accountOnly: a 401 is the answer, not repeated as the public variant", async () => {
    const { client, calls } = setup({ auth: signedIn, responses: [new Response("", { status: 401, statusText: "Unauthorized" })] });
    await expect(client.apiRequest("GET", "/api/sessions/abc", { accountOnly: true })).rejects.toThrow("401: Unauthorized");
    expect(calls.map((call) => call.url)).toEqual(["/api/sessions/abc"]);
  });

  it("a 401 on a public path is not retried", async () => {
    const { client, calls } = setup({ responses: [new Response("nope", { status: 401 })] });
    await expect(client.apiRequest("GET", "/api/public/sessions")).rejects.toThrow("401: nope");
    expect(calls).toHaveLength(1);
  });

  it("a 401 on an exempt path is not retried (it has no public variant)", async () => {
    const { client, calls } = setup({ auth: signedIn, responses: [new Response("nope", { status: 401 })] });
    await expect(client.apiRequest("POST", "/api/transcribe", { body: {} })).rejects.toThrow("401: nope");
    expect(calls).toHaveLength(1);
  });

  it("errors read '<status>: <body>' or '<status>: <status text>' when the body is empty", async () => {
    const withBody = setup({ responses: [new Response('{"error":"boom"}', { status: 500 })] });
    await expect(withBody.client.apiRequest("GET", "/api/public/x")).rejects.toThrow('500: {"error":"boom"}');

    const empty = setup({ responses: [new Response("", { status: 503, statusText: "Service Unavailable" })] });
    const error = await empty.client.apiRequest("GET", "/api/public/x").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe("503: Service Unavailable");
    expect((error as ApiRequestError).status).toBe(503);
  });
});

describe("an answer whose body stalls", () => {
  /** Headers at once, then a body that never ends until the request's signal aborts it (as the browser's fetch does). */
  const stallingFetch = (async (_url: string, init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"sessions":['));
        init.signal?.addEventListener("abort", () => controller.error(new DOMException("The operation was aborted.", "AbortError")), { once: true });
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;

  it("is the route's time-out (the connection path), not a cancel", async () => {
    const client = createApiClient({ fetch: stallingFetch, getAuth: () => ({ signedIn: false }), storage: () => memoryStorage(), timeoutFor: () => 50 });
    await expect(client.apiJson("GET", "/api/public/sessions")).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  it("is the caller's own cancel when the caller aborted it", async () => {
    const client = createApiClient({ fetch: stallingFetch, getAuth: () => ({ signedIn: false }), storage: () => memoryStorage(), timeoutFor: () => 10_000 });
    const cancel = new AbortController();
    const answer = client.apiJson("GET", "/api/public/sessions", { signal: cancel.signal });
    setTimeout(() => cancel.abort(), 20);
    await expect(answer).rejects.toMatchObject({ name: "AbortError" });
  });
});
