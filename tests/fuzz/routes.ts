import { readdirSync } from "node:fs";
import path from "node:path";

// Every route handler of the app, found on disk when the test runs: a route added later is fuzzed without editing the test.

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type RouteFile = {
  /** The URL path with its dynamic segments as written on disk, e.g. /api/sessions/[id]/swipe. */
  pattern: string;
  /** Absolute path of the route.ts module. */
  file: string;
  /** Names of the dynamic segments ([id] → "id"). */
  params: string[];
};

/** app/api/**\/route.ts, sorted by URL path. */
export function apiRouteFiles(root = process.cwd()): RouteFile[] {
  const apiDir = path.join(root, "app", "api");
  return (readdirSync(apiDir, { recursive: true, encoding: "utf8" }) as string[])
    .filter((entry) => /(^|[\\/])route\.(ts|tsx|js|mjs)$/.test(entry))
    .map((entry) => {
      const segments = path
        .dirname(entry)
        .split(path.sep)
        .filter((segment) => segment !== ".");
      return {
        pattern: `/api/${segments.join("/")}`.replace(/\/$/, ""),
        file: path.join(apiDir, entry),
        params: segments.filter((segment) => /^\[.+\]$/.test(segment)).map((segment) => segment.replace(/^\[+\.{0,3}|\]+$/g, "")),
      };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

/** The HTTP method handlers a route module exports. */
export function handlersOf(module: Record<string, unknown>): [HttpMethod, Handler][] {
  return HTTP_METHODS.filter((method) => typeof module[method] === "function").map((method) => [method, module[method] as Handler]);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The URL path of a pattern with its params filled in, each encoded as a browser would (a lone surrogate, which no URL can
 * hold, as U+FFFD). The handler gets the raw value in its params, as Next would pass a decoded segment.
 */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\[+\.{0,3}([^\]]+)\]+/g, (_match, name: string) => encodeURIComponent((params[name] ?? "").replace(LONE_SURROGATE, "\uFFFD")));
}
