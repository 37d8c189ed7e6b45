import "server-only";

import type { z } from "zod";

import { identityFromRequest, type Identity } from "@/lib/server/auth/identity";
import { isDatabaseUnreachable, signInRequired, type ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { callerWhoMayStore } from "@/lib/server/services/erased-accounts";
import { sessionIdSchema, sessionNotFound } from "@/lib/server/services/owned-session";

// The one skeleton of every /api/sessions… route and its /api/public/… twin: (id from the path →) JSON body → the public
// or the account variant → the scope header. Handlers get typed inputs and answer a JSON value.

/** "account": the signed-in variant under /api/…; "public": the anonymous variant under /api/public/…, which persists nothing. */
export type ApiScope = "account" | "public";

const SCOPE_HEADER = "x-session-scope";

/** A JSON body: parsed with its schema and byte limit before anything else, so bad input is a 400 (413 when too large). */
type BodySpec<Body> = { schema: z.ZodType<Body>; limitBytes?: number };

type NoExtra = Record<never, never>;
type Inputs<Body, Extra> = Extra & { request: Request; url: URL; scope: ApiScope; body: Body };
type Answer = unknown;

type RouteConfig<Body, GuestBody, Extra = NoExtra> = {
  /** The body both variants take. */
  body?: BodySpec<Body>;
  /** The public variant's own body, when it differs (a guest sends what the server does not keep). */
  guestBody?: BodySpec<GuestBody>;
  /** The public variant (guests' sessions live in their browser). Without it, a guest gets a 404 "Session not found". */
  guest?: (inputs: Inputs<GuestBody, Extra> & { identity: null }) => Answer | Promise<Answer>;
  /** The signed-in variant: it resolves the caller itself; the proxy's rewrite is a convenience, not the security boundary. */
  account: (inputs: Inputs<Body, Extra> & { identity: Identity }) => Answer | Promise<Answer>;
  /** The error for the account variant without a signed-in caller; a 401 "Please sign in to continue." by default. */
  signedOut?: () => ApiError;
  /** The error when the database cannot be reached to check the caller (the erased-accounts look-up); the catch-all's 503 by default. */
  unavailable?: () => ApiError;
};

/**
 * A route under /api/sessions/{id}: the id from the path is validated first (a malformed one is simply not found), then
 * the body, then the variant runs with `{ request, url, scope, id, identity, body }`. The answer is sent as JSON with the
 * scope header, every error through the one catch-all.
 */
export function sessionRoute<Body = undefined, GuestBody = Body>(scope: ApiScope, config: RouteConfig<Body, GuestBody, { id: string }>) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = sessionIdSchema.safeParse((await params).id);
    if (!id.success) throw sessionNotFound();
    return run(scope, request, config, { id: id.data });
  });
}

/** A route without an id (the list, the migration): the same skeleton. */
export function scopedRoute<Body = undefined, GuestBody = Body>(scope: ApiScope, config: RouteConfig<Body, GuestBody>) {
  return withErrors((request) => run(scope, request, config, {}));
}

async function run<Body, GuestBody, Extra>(scope: ApiScope, request: Request, config: RouteConfig<Body, GuestBody, Extra>, extra: Extra): Promise<Response> {
  const url = new URL(request.url);
  let answer: Answer;
  if (scope === "public") {
    if (!config.guest) throw sessionNotFound();
    const body = await readBody(request, config.guestBody ?? (config.body as BodySpec<GuestBody> | undefined));
    answer = await config.guest({ ...extra, request, url, scope, body, identity: null });
  } else {
    const body = await readBody(request, config.body);
    const identity = await callerOf(request, config.signedOut).catch((error: unknown) => {
      if (config.unavailable && isDatabaseUnreachable(error)) {
        console.error("[api] the database cannot be reached");
        throw config.unavailable();
      }
      throw error;
    });
    answer = await config.account({ ...extra, request, url, scope, body, identity });
  }
  return withScopeHeader(Response.json(answer), scope);
}

async function readBody<Body>(request: Request, spec: BodySpec<Body> | undefined): Promise<Body> {
  return (spec ? await parseJson(request, spec.schema, { limitBytes: spec.limitBytes }) : undefined) as Body;
}

/** The signed-in caller; one whose account was erased is a caller nobody knows to a request that may store something. */
async function callerOf(request: Request, signedOut: (() => ApiError) | undefined): Promise<Identity> {
  const identity = await callerWhoMayStore(request, await identityFromRequest(request));
  if (!identity) throw (signedOut ?? signInRequired)();
  return identity;
}

export function withScopeHeader(response: Response, scope: ApiScope): Response {
  response.headers.set(SCOPE_HEADER, scope);
  return response;
}
