import { createVerifiedTokenCache, hasClerkQueryParameter, tokenIsPresentedIn, verificationKey } from "./verified-tokens";

const headers = (values: Record<string, string>) => new Headers(values);

describe("verificationKey", () => {
  const base = { authorization: "Bearer a.b.c", cookie: "__session=x; __client_uat=1", origin: "https://app.example" };

  it("is the same for the same deciding headers, whatever else the request carries", () => {
    expect(verificationKey("setup", headers(base))).toBe(verificationKey("setup", headers({ ...base, "user-agent": "another", "x-user-id": "user_b" })));
  });

  it.each([
    ["another token", { authorization: "Bearer a.b.d" }],
    ["another cookie", { cookie: "__session=x; __client_uat=2" }],
    ["another origin", { origin: "https://elsewhere.example" }],
    ["a page request", { "sec-fetch-dest": "document" }],
  ])("differs for %s", (_name, change) => {
    expect(verificationKey("setup", headers({ ...base, ...change }))).not.toBe(verificationKey("setup", headers(base)));
  });

  it("differs under another verification setup (instance or key)", () => {
    expect(verificationKey("pk_a\u0000key_a", headers(base))).not.toBe(verificationKey("pk_a\u0000key_b", headers(base)));
  });

  it("cannot be confused by moving text between headers", () => {
    expect(verificationKey("s", headers({ authorization: "ab", cookie: "c" }))).not.toBe(verificationKey("s", headers({ authorization: "a", cookie: "bc" })));
  });

  it("holds no token text", () => {
    const key = verificationKey("setup", headers(base));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain("a.b.c");
  });
});

describe("createVerifiedTokenCache", () => {
  it("keeps an outcome until its token expires, and not a moment longer", () => {
    const cache = createVerifiedTokenCache<string>(10);
    cache.set("k", "user_a", 2_000, 1_000);
    expect(cache.get("k", 1_999)).toBe("user_a");
    expect(cache.get("k", 2_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never keeps an outcome whose token has already expired", () => {
    const cache = createVerifiedTokenCache<string>(10);
    cache.set("k", "user_a", 1_000, 1_000);
    cache.set("n", "user_a", Number.NaN, 1_000);
    expect(cache.get("k", 500)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("stays within its size: expired entries go first, then the oldest", () => {
    const cache = createVerifiedTokenCache<string>(3);
    cache.set("short", "a", 1_500, 1_000);
    cache.set("old", "b", 9_000, 1_000);
    cache.set("mid", "c", 9_000, 1_000);
    cache.set("new", "d", 9_000, 2_000);
    expect(cache.size).toBe(3);
    expect(cache.get("short", 2_000)).toBeUndefined();
    expect(cache.get("old", 2_000)).toBe("b");
    cache.set("newer", "e", 9_000, 2_000);
    expect(cache.size).toBe(3);
    expect(cache.get("old", 2_000)).toBeUndefined();
    expect(["mid", "new", "newer"].map((key) => cache.get(key, 2_000))).toEqual(["c", "d", "e"]);
  });
});

describe("tokenIsPresentedIn", () => {
  it("finds the request's bearer token and its session cookie", () => {
    expect(tokenIsPresentedIn(headers({ authorization: "Bearer a.b.c" }), "a.b.c")).toBe(true);
    expect(tokenIsPresentedIn(headers({ cookie: "theme=x; __session=a.b.c; __client_uat=1" }), "a.b.c")).toBe(true);
    expect(tokenIsPresentedIn(headers({ cookie: "__session_Zx1=a.b.c" }), "a.b.c")).toBe(true);
  });

  it("does not take a token the request only carries inside something else (a handshake cookie) or in part", () => {
    expect(tokenIsPresentedIn(headers({ cookie: "__clerk_handshake=h.h.h" }), "a.b.c")).toBe(false);
    expect(tokenIsPresentedIn(headers({ authorization: "Bearer a.b.c.d" }), "a.b.c")).toBe(false);
    expect(tokenIsPresentedIn(headers({ cookie: "__session=a.b.c.d" }), "a.b.c")).toBe(false);
    expect(tokenIsPresentedIn(headers({ cookie: "disclaimer_accepted=1" }), "")).toBe(false);
  });
});

describe("hasClerkQueryParameter", () => {
  it.each([
    ["http://localhost/api/sessions?__clerk_handshake=x", true],
    ["http://localhost/api/sessions?limit=5&__clerk_handshake_nonce=x", true],
    ["http://localhost/api/sessions?__CLERK_db_jwt=x", true],
    ["http://localhost/api/sessions?limit=5", false],
    ["http://localhost/api/sessions", false],
    ["http://localhost/api/__clerk_handshake", false],
  ])("%s → %s", (url, expected) => {
    expect(hasClerkQueryParameter(url)).toBe(expected);
  });
});
