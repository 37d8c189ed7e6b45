import { isPublicApiPath, toPublicApiPath } from "./api-paths";

describe("toPublicApiPath", () => {
  it.each([
    ["/api/sessions", "/api/public/sessions"],
    ["/api/sessions?cacheBuster=1", "/api/public/sessions?cacheBuster=1"],
    ["/api/sessions/abc/summary", "/api/public/sessions/abc/summary"],
    ["/api/public/sessions", "/api/public/sessions"],
    ["/api/transcribe", "/api/transcribe"],
    ["/api/analyze", "/api/analyze"],
    ["/api/analyze?x=1", "/api/analyze?x=1"],
    ["/api/analyzer", "/api/public/analyzer"],
    ["/api/uploads", "/api/uploads"],
    ["/api/uploads/abc/parts/0/pieces/1", "/api/uploads/abc/parts/0/pieces/1"],
    ["/api/uploadsx", "/api/public/uploadsx"],
    ["/privacy-policy", "/privacy-policy"],
    ["/apix/sessions", "/apix/sessions"],
  ])("%s → %s", (path, expected) => {
    expect(toPublicApiPath(path)).toBe(expected);
  });
});

describe("isPublicApiPath", () => {
  it("recognises public paths by their pathname only", () => {
    expect(isPublicApiPath("/api/public/sessions")).toBe(true);
    expect(isPublicApiPath("/api/sessions?next=/api/public/")).toBe(false);
  });
});
