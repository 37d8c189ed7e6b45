import "server-only";

import { assertNotCrossOriginWrite } from "./cross-origin";
import { ApiError, errorResponse, requestCancelled } from "./errors";

type RouteContext<Params> = { params: Promise<Params> };

/**
 * Wraps a route handler with the one catch-all: every thrown error becomes a JSON answer with the right status. Before the
 * handler, a state-changing request from another origin's page is refused (cross-origin.ts): every route comes through here.
 */
export function withErrors<Params = Record<string, string>>(handler: (request: Request, context: RouteContext<Params>) => Promise<Response>) {
  return async (request: Request, context: RouteContext<Params>): Promise<Response> => {
    try {
      assertNotCrossOriginWrite(request);
      const response = await handler(request, context);
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch (error) {
      // A client gone mid-request is no fault of ours to log as a 500: its body cut short, or its provider calls cancelled
      // (RequestAbortedError from request.signal, lib/server/providers/retry.ts).
      const response = errorResponse(request.signal?.aborted && !(error instanceof ApiError) ? requestCancelled() : error);
      response.headers.set("Cache-Control", "no-store");
      return response;
    }
  };
}
