import { classifyTranscriptionFailure, extractErrorMessage, isAnalysisConnectionError, isRefusedForGood, looksLikeHtml, truncateServerError } from "./classify";

describe("classifyTranscriptionFailure", () => {
  it.each([
    ["TypeError: fetch failed", undefined, "connection"],
    ["getaddrinfo ENOTFOUND api.example", undefined, "connection"],
    ["503: Service Unavailable", "abc", "connection"],
    ["The model is overloaded. Please try later.", undefined, "connection"],
    ["Connection error.", undefined, "connection"],
    ["500: Transcription failed", "abc", "failed-session"],
    ["500: Transcription failed", undefined, "other"],
    ["400: Invalid request", null, "other"],
  ] as const)("%s (failedSessionId %s) → %s", (message, failedSessionId, expected) => {
    expect(classifyTranscriptionFailure({ message, failedSessionId })).toBe(expected);
  });
});

describe("isAnalysisConnectionError", () => {
  it("needs a connection sign and a failed session id", () => {
    expect(isAnalysisConnectionError({ message: "503: busy", failedSessionId: "s1" })).toBe(true);
    expect(isAnalysisConnectionError({ message: "Gemini error", failedSessionId: "s1" })).toBe(true);
    expect(isAnalysisConnectionError({ message: "anything", isConnectionError: true, failedSessionId: "s1" })).toBe(true);
    expect(isAnalysisConnectionError({ message: "503: busy" })).toBe(false);
    expect(isAnalysisConnectionError({ message: "400: bad", failedSessionId: "s1" })).toBe(false);
  });
});

describe("isRefusedForGood", () => {
  it.each([
    [400, true],
    [404, true],
    [413, true],
    [422, true],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
    [undefined, false],
    [0, false],
  ])("status %s: %s", (status, refused) => {
    expect(isRefusedForGood(status)).toBe(refused);
  });
});

describe("error text helpers", () => {
  it("cuts server error text at 100 characters", () => {
    expect(truncateServerError("x".repeat(100))).toBe("x".repeat(100));
    expect(truncateServerError("y".repeat(150))).toBe(`${"y".repeat(100)}...`);
  });

  it("extracts the error field of a JSON body", () => {
    expect(extractErrorMessage('{"error":"Transcription failed","failedSessionId":"a"}')).toBe("Transcription failed");
    expect(extractErrorMessage("Bad Gateway")).toBe("Bad Gateway");
  });

  it("recognises HTML error pages", () => {
    expect(looksLikeHtml("<!DOCTYPE html><html>")).toBe(true);
    expect(looksLikeHtml("  <html lang=en>")).toBe(true);
    expect(looksLikeHtml('{"error":"x"}')).toBe(false);
  });
});
