import "server-only";

import http from "node:http";
import https from "node:https";

// The structured providers' transport (issue 17 "runs beside the analysis"): a `fetch` for one JSON request and its whole
// answer over node:http(s) with kept-alive connections. Node's built-in fetch (undici, WHATWG streams, and Next's patch
// on top of it in the app) cost about three times the CPU per call; with the signals' labelling call beside the analysis,
// every request makes two of them. Anything this does not handle (a streamed body, a Request object) goes to the global
// fetch.

const AGENTS = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
} as const;

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function headerObject(headers: HeadersInit | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    result[key] = value;
  });
  return result;
}

function responseHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/** `fetch` for a request whose body is a string or bytes (or none), answered in full; the signal aborts it at any point. */
export function httpFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const body = init.body;
  const simpleBody = body === undefined || body === null || typeof body === "string" || body instanceof Uint8Array;
  if (!(typeof input === "string" || input instanceof URL) || !simpleBody) return fetch(input, init);
  const url = new URL(input);
  const protocol = url.protocol;
  if (protocol !== "http:" && protocol !== "https:") return fetch(input, init);
  const signal = init.signal ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new DOMException("This operation was aborted", "AbortError"));
    const request = (protocol === "https:" ? https : http).request(url, {
      method: init.method ?? "GET",
      headers: headerObject(init.headers),
      agent: AGENTS[protocol],
    });
    const onAbort = () => request.destroy(signal?.reason ?? new DOMException("This operation was aborted", "AbortError"));
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = (error: unknown, response?: Response) => {
      signal?.removeEventListener("abort", onAbort);
      if (response) resolve(response);
      else reject(error);
    };
    request.on("error", (error) => settle(error));
    request.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", (error) => settle(error));
      incoming.on("close", () => {
        if (!incoming.complete) settle(signal?.reason ?? new Error("socket hang up: the answer was cut short"));
      });
      incoming.on("end", () => {
        const status = incoming.statusCode ?? 502;
        settle(
          null,
          new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
            status,
            statusText: incoming.statusMessage ?? "",
            headers: responseHeaders(incoming.headers),
          }),
        );
      });
    });
    request.end(body ?? undefined);
  });
}
