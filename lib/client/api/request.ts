import { isPublicApiPath, toPublicApiPath } from "@/lib/domain/api-paths";

import { browserStorage, type KeyValueStorage } from "../storage/browser-keys";
import { setDeviceOwner } from "../storage/device-owner";
import { readLocalSessionRefs } from "../storage/local-session-ids";
import { readPrivacyMode } from "../storage/settings";
import { requestTimeoutMs } from "./request-timeouts";

// The shared request rules of spec part 1, section 7, in one helper.

export type SignedInAuth = {
  signedIn: true;
  /** A fresh Clerk session token, or null when Clerk's browser script is not available (the cookie still authenticates). */
  getToken: () => Promise<string | null>;
  user: { id: string; email?: string; name?: string; imageUrl?: string };
};
export type RequestAuth = SignedInAuth | { signedIn: false };

export const REQUEST_HEADERS = {
  privacyMode: "x-privacy-mode",
  localSessions: "x-local-sessions",
  userId: "x-user-id",
  userEmail: "x-user-email",
  userName: "x-user-name",
  userImage: "x-user-image",
} as const;

export const SESSIONS_LIST_PATH = "/api/sessions";

/** A non-OK answer. The message is "<status>: <body text or status text>", as the spec's catalogue expects. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: string;
  /** Seconds to wait before trying again, from a 429's or 503's Retry-After header; null when there is none. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, body: string, retryAfterSeconds: number | null = null) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiRequestError";
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /**
   * Seconds to wait when the server's rate limit refused the call (429), for the message that says so: the Retry-After
   * header, else the body's retryAfterSeconds, else a minute. Null for any other failure.
   */
  get rateLimitWaitSeconds(): number | null {
    if (this.status !== 429) return null;
    if (this.retryAfterSeconds) return this.retryAfterSeconds;
    try {
      const { retryAfterSeconds } = JSON.parse(this.body) as { retryAfterSeconds?: unknown };
      if (typeof retryAfterSeconds === "number" && retryAfterSeconds > 0) return Math.ceil(retryAfterSeconds);
    } catch {
      // Not JSON: the default below.
    }
    return 60;
  }
}

/**
 * The server did not answer within the route's time-out (request-timeouts.ts). A TypeError, like the browser's own
 * network failures, so every flow treats it as the connection problem it is: the spec's connection dialog, work kept.
 */
export class RequestTimeoutError extends TypeError {
  constructor() {
    super("The server took too long to answer.");
    this.name = "RequestTimeoutError";
  }
}

export type ApiRequestOptions = {
  body?: unknown;
  /** Sent as it is instead of a JSON body (an upload's audio piece); its Content-Type comes from `headers`. */
  rawBody?: Blob | ArrayBuffer;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** This call's own time-out instead of its route's (request-timeouts.ts): the spec's shorter waits for some callers. */
  timeoutMs?: number;
  /**
   * A question only the account can answer: a 401 is the answer, not repeated as the public variant (whose 404, for a
   * session the server never keeps for guests, would say the account's session is gone).
   */
  accountOnly?: boolean;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  getAuth: () => RequestAuth;
  storage: () => KeyValueStorage | null;
  /** Each route's time-out; request-timeouts.ts by default. */
  timeoutFor?: (path: string) => number;
};

export function createApiClient(deps: ApiClientDeps) {
  async function send(method: string, path: string, options: ApiRequestOptions, publicMode: boolean): Promise<Response> {
    const auth = deps.getAuth();
    const storage = deps.storage();
    const headers = new Headers({
      [REQUEST_HEADERS.privacyMode]: String(readPrivacyMode(storage)),
      "Cache-Control": "no-cache, no-store, must-revalidate",
      Pragma: "no-cache",
      ...options.headers,
    });
    if (options.body !== undefined) headers.set("Content-Type", "application/json");

    // The route's time-out starts now, so that it also bounds the wait for the session token: clerk-js retries a token
    // refresh over a dead connection for minutes.
    const timeout = timeoutSignal(options.timeoutMs ?? (deps.timeoutFor ?? requestTimeoutMs)(path));
    if (auth.signedIn && !publicMode) {
      const token = await untilAborted(auth.getToken(), combine(options.signal, timeout)).catch((error: unknown) => {
        if (timeout?.aborted && !options.signal?.aborted) throw new RequestTimeoutError();
        if (options.signal?.aborted) throw error;
        return null;
      });
      if (token) headers.set("Authorization", `Bearer ${token}`);
      // Display hints only: the server takes identity from the verified session, never from these.
      setHeaderText(headers, REQUEST_HEADERS.userId, auth.user.id);
      setHeaderText(headers, REQUEST_HEADERS.userEmail, auth.user.email);
      setHeaderText(headers, REQUEST_HEADERS.userName, auth.user.name);
      setHeaderText(headers, REQUEST_HEADERS.userImage, auth.user.imageUrl);
    }
    if (!auth.signedIn && pathnameOf(path) === SESSIONS_LIST_PATH) {
      headers.set(REQUEST_HEADERS.localSessions, encodeURIComponent(JSON.stringify(readLocalSessionRefs(storage))));
    }

    const target = !auth.signedIn || publicMode ? toPublicApiPath(path) : path;
    try {
      return await deps.fetch(target, {
        method,
        headers,
        credentials: "include",
        cache: "no-store",
        body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: combine(options.signal, timeout),
      });
    } catch (error) {
      // Our time-out, not the caller's own cancel: the connection path.
      if (timeout?.aborted && !options.signal?.aborted) throw new RequestTimeoutError();
      throw error;
    }
  }

  /** Sends a request with every shared rule; resolves to the OK response, throws ApiRequestError otherwise. */
  async function apiRequest(method: string, path: string, options: ApiRequestOptions = {}): Promise<Response> {
    let response = await send(method, path, options, false);
    // A 401 on a protected path (e.g. an expired session) is repeated once as the anonymous public variant.
    if (response.status === 401 && !options.accountOnly && !isPublicApiPath(path) && toPublicApiPath(path) !== path) {
      response = await send(method, path, options, true);
    }
    if (!response.ok) throw new ApiRequestError(response.status, response.statusText, await safeText(response), retryAfterOf(response));
    return response;
  }

  async function apiJson<T>(method: string, path: string, options: ApiRequestOptions = {}): Promise<T> {
    const response = await apiRequest(method, path, options);
    try {
      return (await response.json()) as T;
    } catch (error) {
      // The route's time-out also bounds the answer's body: cut off there, it is the same slow server as a late answer,
      // not a cancel (which every flow takes as the user's own and says nothing about).
      if (isAbort(error) && !options.signal?.aborted) throw new RequestTimeoutError();
      throw error;
    }
  }

  return { apiRequest, apiJson };
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts (the promise itself is left to settle). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * A signal that aborts after `ms`: AbortSignal.timeout, or a timer where the browser lacks it (Safari before 16), so that
 * every call keeps its time-out.
 */
export function timeoutSignal(ms: number): AbortSignal | undefined {
  if (typeof AbortSignal === "undefined") return undefined;
  if (typeof AbortSignal.timeout === "function") return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException("The operation timed out.", "TimeoutError")), ms);
  return controller.signal;
}

/**
 * The caller's signal and the time-out together: AbortSignal.any, or the same by hand where the browser lacks it (Safari
 * 16.4 to 17.3, Chrome before 116, every React Query call passing a signal of its own), so neither is lost.
 */
function combine(signal: AbortSignal | undefined, timeout: AbortSignal | undefined): AbortSignal | undefined {
  if (!signal || !timeout) return signal ?? timeout;
  if (typeof AbortSignal.any === "function") return AbortSignal.any([signal, timeout]);
  const controller = new AbortController();
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const source of [signal, timeout]) {
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    source.addEventListener("abort", onAbort, { once: true });
  }
  return controller.signal;
}

/** Retry-After in seconds (the server sends whole seconds); null when absent or not a number. */
function retryAfterOf(response: Response): number | null {
  const value = Number(response.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/** Header values must be ISO-8859-1: anything else (names in other scripts) is percent-encoded. */
function setHeaderText(headers: Headers, name: string, value: string | undefined): void {
  if (!value) return;
  headers.set(name, /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value));
}

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

async function safeText(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, 2000);
  } catch {
    return "";
  }
}

let currentAuth: RequestAuth = { signedIn: false };

/** Called by the identity provider whenever the signed-in state changes. */
export function setRequestAuth(auth: RequestAuth): void {
  currentAuth = auth;
  // What this browser keeps from now on is this user's (or a guest's), and what it shows is only theirs.
  setDeviceOwner(auth.signedIn ? auth.user.id : null);
}

export const { apiRequest, apiJson } = createApiClient({
  fetch: (...args) => fetch(...args),
  getAuth: () => currentAuth,
  storage: browserStorage,
});

/** By name: a DOMException is not an Error of every realm (jsdom's, some WebViews'). */
const isAbort = (error: unknown) => {
  const name = typeof error === "object" && error !== null && "name" in error ? error.name : null;
  return name === "AbortError" || name === "TimeoutError";
};
