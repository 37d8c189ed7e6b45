// Route handlers are called directly, as Next calls them: a Request and a context whose params is a promise.
export function routeContext<Params extends Record<string, string>>(params: Params = {} as Params) {
  return { params: Promise.resolve(params) };
}

/** `signal` stands for the client's connection: aborting it is the client going away (Next aborts request.signal then). */
export function apiRequest(
  path: string,
  { method = "GET", body, headers = {}, signal }: { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Request {
  return new Request(`http://localhost:3000${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    signal,
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
