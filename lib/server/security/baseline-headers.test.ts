import { baselineSecurityHeaders, HSTS_VALUE } from "./baseline-headers";

describe("baselineSecurityHeaders", () => {
  it.each([
    [true, [["Strict-Transport-Security", HSTS_VALUE]]],
    [false, []],
  ])("production %s", (production, hsts) => {
    expect(baselineSecurityHeaders({ production }).map(({ key, value }) => [key, value])).toEqual([
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
      ["Permissions-Policy", "microphone=(self), camera=(), geolocation=(), browsing-topics=()"],
      ["X-Frame-Options", "DENY"],
      ...hsts,
    ]);
  });

  it("HSTS lasts at least a year and covers subdomains", () => {
    const maxAge = Number(/max-age=(\d+)/.exec(HSTS_VALUE)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(HSTS_VALUE).toContain("includeSubDomains");
  });
});
