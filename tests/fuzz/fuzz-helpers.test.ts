import fc from "fast-check";

import { HOSTILE_DATES, hugeArray, mutate, mutation, pathsOf, type Json, type Mutation } from "./hostile";
import { apiRouteFiles, fillPattern, handlersOf } from "./routes";

// The fuzz test's own machinery: if it found no routes or changed nothing, the API fuzz test would pass while testing nothing.

const change = (overrides: Partial<Mutation>): Mutation => ({
  kind: "replace",
  pick: 0,
  sameKind: true,
  value: null,
  text: "a\u0000b",
  date: 8.64e15 + 1,
  number: 1e308,
  key: "extra",
  ...overrides,
});

describe("routes", () => {
  it("finds every app/api route.ts with its dynamic segments", () => {
    const routes = apiRouteFiles();
    const session = routes.find((route) => route.pattern === "/api/sessions/[id]/swipe");
    expect(session).toMatchObject({ params: ["id"] });
    expect(session!.file).toMatch(/app\/api\/sessions\/\[id\]\/swipe\/route\.ts$/);
    expect(routes.find((route) => route.pattern === "/api/analyze")).toMatchObject({ params: [] });
  });

  it("lists the exported HTTP methods only", () => {
    const handler = async () => new Response();
    expect(handlersOf({ GET: handler, POST: handler, maxDuration: 300, helper: handler }).map(([method]) => method)).toEqual(["GET", "POST"]);
  });

  it("encodes ids into the path, a lone surrogate as U+FFFD", () => {
    expect(fillPattern("/api/sessions/[id]/swipe", { id: "../a b" })).toBe("/api/sessions/..%2Fa%20b/swipe");
    expect(fillPattern("/api/sessions/[id]", { id: "x\uD800" })).toBe("/api/sessions/x%EF%BF%BD");
  });
});

describe("mutations", () => {
  const body = { id: "local-1", createdAt: "2026-11-20T10:00:00.000Z", timestamp: 1_763_632_800_000, tags: ["a"], nested: { name: "Ana" } };
  const paths = pathsOf(body).map((path) => path.join("."));

  it("walks every place of a value, the root included", () => {
    expect(paths).toEqual(["", "id", "createdAt", "timestamp", "tags", "tags.0", "nested", "nested.name"]);
  });

  it("replaces a string with a poisoned one, a date string and a number with a date out of range", () => {
    expect(mutate(body, change({ pick: paths.indexOf("nested.name") }))).toEqual({ ...body, nested: { name: "a\u0000b" } });
    expect(mutate(body, change({ pick: paths.indexOf("createdAt"), date: "2000-13-45" }))).toEqual({ ...body, createdAt: "2000-13-45" });
    expect(mutate(body, change({ pick: paths.indexOf("timestamp") }))).toEqual({ ...body, timestamp: 8.64e15 + 1 });
  });

  it("deletes a place, or adds a hostile key or item, without touching the original", () => {
    expect(mutate(body, change({ kind: "delete", pick: paths.indexOf("id") }))).not.toHaveProperty("id");
    expect(mutate(body, change({ kind: "add", pick: paths.indexOf("tags"), value: "\uDC00" }))).toMatchObject({ tags: ["a", "\uDC00"] });
    expect(JSON.stringify(mutate(body, change({ kind: "add", pick: 0, key: "__proto__", value: 1 })))).toContain('"__proto__":1');
    expect(body).toEqual({ id: "local-1", createdAt: "2026-11-20T10:00:00.000Z", timestamp: 1_763_632_800_000, tags: ["a"], nested: { name: "Ana" } });
  });

  it("generates changes that always serialise to JSON", () => {
    fc.assert(
      fc.property(mutation, (generated) => {
        const text = JSON.stringify(mutate(body, generated));
        expect(typeof text).toBe("string");
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it("adds to one item of a huge array, not to every item that looks the same", () => {
    const items = fc.sample(hugeArray, { numRuns: 50, seed: 7 }).find((value) => Array.isArray(value) && typeof value[0] === "object" && value[0] !== null)!;
    expect(items).toBeDefined();
    const changed = mutate({ items }, change({ kind: "add", pick: 2, key: "extra", value: "x" })) as { items: Json[] };
    expect(changed.items[0]).toHaveProperty("extra", "x");
    expect(changed.items[1]).not.toHaveProperty("extra");
    expect(JSON.stringify(changed).length).toBeLessThan(JSON.stringify({ items }).length + 20);
  });

  it("keeps dates JavaScript cannot hold among the hostile values", () => {
    expect(HOSTILE_DATES).toEqual(expect.arrayContaining([8.64e15 + 1, -8.64e15 - 1, "2000-13-45", 1e308]));
  });
});
