import "server-only";

import { errorResponse } from "./errors";

type RouteContext<Params> = { params: Promise<Params> };

/** Wraps a route handler with the one catch-all: every thrown error becomes a JSON answer with the right status. */
export function withErrors<Params = Record<string, string>>(handler: (request: Request, context: RouteContext<Params>) => Promise<Response>) {
  return async (request: Request, context: RouteContext<Params>): Promise<Response> => {
    try {
      const response = await handler(request, context);
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch (error) {
      const response = errorResponse(error);
      response.headers.set("Cache-Control", "no-store");
      return response;
    }
  };
}
