import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";

import { ApiRequestError, createApiClient, RequestTimeoutError, type RequestAuth } from "./request";
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeoutMs } from "./request-timeouts";

// Every call of the app has a time-out fitting its route, and a refused call says how long to wait (issue 15).

const guest: RequestAuth = { signedIn: false };

/** Every API route that declares a maxDuration, as a path the browser calls (its dynamic segments filled in). */
function routesWithMaxDuration(): { path: string; seconds: number }[] {
  const api = join(process.cwd(), "app", "api");
  return readdirSync(api, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("route.ts"))
    .flatMap((file) => {
      const declared = /export const maxDuration = (\d+)/.exec(readFileSync(join(api, file), "utf8"));
      const path = `/api/${dirname(file).split(sep).join("/")}`.replace(/\[[^\]]+\]/g, "1");
      return declared ? [{ path, seconds: Number(declared[1]) }] : [];
    });
}

function client(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, timeoutFor?: (path: string) => number) {
  return createApiClient({ fetch: fetchImpl as unknown as typeof fetch, getAuth: () => guest, storage: () => null, timeoutFor });
}

/** A fetch that never answers, but rejects with the signal's reason once it is aborted, as browsers do. */
const hangingFetch = (seen: AbortSignal[]) => (_url: string, init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    const signal = init.signal!;
    seen.push(signal);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });

describe("time-outs", () => {
  it.each([
    ["/api/transcribe", 315_000],
    ["/api/analyze", 315_000],
    ["/api/sessions/abc/retry-transcription", 315_000],
    ["/api/public/sessions/local-1/append-transcript", 315_000],
    ["/api/sessions/abc/summary", 135_000],
    ["/api/sessions/migrate?skipRegeneration=true", 60_000],
    ["/api/sessions?cacheBuster=1", DEFAULT_REQUEST_TIMEOUT_MS],
    ["/api/sessions/abc/swipe", DEFAULT_REQUEST_TIMEOUT_MS],
    ["/api/uploads/u1/parts/3/transcribe", 315_000],
    ["/api/public/uploads/u1/parts/3/pieces/0", 165_000],
    ["/api/uploads", DEFAULT_REQUEST_TIMEOUT_MS],
    ["/api/account/export", 135_000],
  ])("%s waits at most %s ms", (path, ms) => {
    expect(requestTimeoutMs(path)).toBe(ms);
  });

  it("every route with a maxDuration is waited for longer than it, so the server's answer (a stored failure's too) arrives first", () => {
    const routes = routesWithMaxDuration();
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(["/api/transcribe", "/api/realtime/session", "/api/account/export"]));
    expect(routes.filter(({ path, seconds }) => requestTimeoutMs(path) <= seconds * 1000)).toEqual([]);
  });

  it("gives up on a silent server at the route's time-out with a RequestTimeoutError, a TypeError like a lost network", async () => {
    const seen: AbortSignal[] = [];
    const asked: string[] = [];
    const started = Date.now();
    const error = await client(hangingFetch(seen), (path) => (asked.push(path), 80))
      .apiRequest("POST", "/api/sessions/abc/swipe", { body: {} })
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe("The server took too long to answer.");
    expect(asked).toEqual(["/api/sessions/abc/swipe"]);
    expect(seen).toHaveLength(1);
  });

  it("gives up at the caller's own time-out instead of the route's (the list's 3 s, the history's 5 s)", async () => {
    const seen: AbortSignal[] = [];
    const started = Date.now();
    const error = await client(hangingFetch(seen), () => 60_000)
      .apiRequest("GET", "/api/sessions", { timeoutMs: 80 })
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toBeInstanceOf(RequestTimeoutError);
  });

  describe("on a browser without AbortSignal.any (Safari 16.4 to 17.3)", () => {
    const any = AbortSignal.any;
    beforeEach(() => {
      // @ts-expect-error: the browser this stands for has no AbortSignal.any.
      delete AbortSignal.any;
    });
    afterEach(() => {
      AbortSignal.any = any;
    });

    it("a caller with a signal of its own (every React Query call) still gets the route's time-out", async () => {
      const seen: AbortSignal[] = [];
      const error = await client(hangingFetch(seen), () => 80)
        .apiRequest("GET", "/api/sessions", { signal: new AbortController().signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestTimeoutError);
    });

    it("and the caller's own cancel still ends it at once", async () => {
      const seen: AbortSignal[] = [];
      const controller = new AbortController();
      const outcome = client(hangingFetch(seen), () => 60_000)
        .apiRequest("GET", "/api/sessions", { signal: controller.signal })
        .catch((caught: unknown) => caught);
      controller.abort();
      const error = await outcome;
      expect(error).not.toBeInstanceOf(RequestTimeoutError);
      expect((error as Error).name).toBe("AbortError");
    });
  });

  it("lets the caller's own cancel through as it is", async () => {
    const seen: AbortSignal[] = [];
    const controller = new AbortController();
    const outcome = client(hangingFetch(seen))
      .apiRequest("GET", "/api/sessions", { signal: controller.signal })
      .catch((error: unknown) => error);
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("a signed-in call whose session token does not come (clerk-js retrying over a dead connection)", () => {
  const waitingForToken = (signal?: AbortSignal) => {
    const fetchFake = jest.fn(async () => new Response("{}"));
    const auth: RequestAuth = { signedIn: true, getToken: () => new Promise<string | null>(() => undefined), user: { id: "user_1" } };
    const api = createApiClient({ fetch: fetchFake as unknown as typeof fetch, getAuth: () => auth, storage: () => null, timeoutFor: () => 80 });
    return { fetchFake, outcome: api.apiRequest("POST", "/api/transcribe", { body: { audio: "AAAA" }, signal }).catch((error: unknown) => error) };
  };

  it("ends at the route's time-out, as a silent server does, without sending anything", async () => {
    const { fetchFake, outcome } = waitingForToken();
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(fetchFake).not.toHaveBeenCalled();
  });

  it("ends at once when the caller cancels", async () => {
    const controller = new AbortController();
    const { outcome } = waitingForToken(controller.signal);
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("a refused call", () => {
  const refused = (headers: Record<string, string>, body: string) => client(async () => new Response(body, { status: 429, headers }));

  it("carries Retry-After in seconds", async () => {
    const error = await refused({ "retry-after": "480" }, '{"error":"Too many requests.","retryAfterSeconds":480}')
      .apiRequest("POST", "/api/analyze", { body: {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(429);
    expect((error as ApiRequestError).rateLimitWaitSeconds).toBe(480);
    expect((error as ApiRequestError).message).toBe('429: {"error":"Too many requests.","retryAfterSeconds":480}');
  });

  it("reads the wait from the body without the header, and assumes a minute without either", async () => {
    const fromBody = await refused({}, '{"retryAfterSeconds":90}')
      .apiRequest("POST", "/api/analyze")
      .then(
        () => {
          throw new Error("expected a refusal");
        },
        (caught: ApiRequestError) => caught,
      );
    expect(fromBody.rateLimitWaitSeconds).toBe(90);
    const neither = await refused({}, "Too Many Requests")
      .apiRequest("POST", "/api/analyze")
      .then(
        () => {
          throw new Error("expected a refusal");
        },
        (caught: ApiRequestError) => caught,
      );
    expect(neither.rateLimitWaitSeconds).toBe(60);
  });

  it("has no wait for other failures", async () => {
    const error = await client(async () => new Response("{}", { status: 503, headers: { "retry-after": "15" } }))
      .apiRequest("POST", "/api/transcribe")
      .then(
        () => {
          throw new Error("expected a refusal");
        },
        (caught: ApiRequestError) => caught,
      );
    expect(error.retryAfterSeconds).toBe(15);
    expect(error.rateLimitWaitSeconds).toBeNull();
  });
});
