import { MISSING_CARDS_WARNING } from "@/lib/domain/analysis/intake";

import { AnalysisRequestError, requestAnalysis } from "./analyze-client";

// The browser's intake check before POST /api/analyze (spec part 1 section 5).

const analysis = { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] };

test.each(["", "   ", "\n\t"])("a blank transcript (%j) is refused before the call with the spec's text", async (transcript) => {
  const send = jest.fn();
  await expect(requestAnalysis({ transcript }, send)).rejects.toThrow("Empty transcript. Please try recording again.");
  expect(send).not.toHaveBeenCalled();
});

test("a transcript with words is sent", async () => {
  const send = jest.fn(async () => new Response(JSON.stringify({ analysis, sessionId: null })));
  await expect(requestAnalysis({ transcript: "Ana: hello" }, send)).resolves.toMatchObject({ analysis: { cards: analysis.cards } });
  expect(send).toHaveBeenCalledWith("POST", "/api/analyze", { body: { transcript: "Ana: hello" } });
});

test.each([
  ["missing", {}],
  ["not a list", { cards: "none" }],
])("an answer whose cards are %s gives an empty list, with a warning (spec part 1 section 5)", async (_, analysisBody) => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const send = jest.fn(async () => new Response(JSON.stringify({ analysis: analysisBody, sessionId: null })));
    await expect(requestAnalysis({ transcript: "Ana: hello" }, send)).resolves.toMatchObject({ analysis: { cards: [] } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(MISSING_CARDS_WARNING));
  } finally {
    warn.mockRestore();
  }
});

test("an answer with its list of cards gives no warning", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const send = jest.fn(async () => new Response(JSON.stringify({ analysis, sessionId: null })));
    await requestAnalysis({ transcript: "Ana: hello" }, send);
    expect(warn).not.toHaveBeenCalled();
  } finally {
    warn.mockRestore();
  }
});

// Spec part 1 section 8 "Analysis": an HTML reply instead of JSON, or a reply that is not JSON at all.
test("an HTML reply is the spec's connection error 'Service temporarily unavailable. Please try again.'", async () => {
  const send = jest.fn(async () => new Response("<!DOCTYPE html><html><body>Bad gateway</body></html>", { status: 200 }));
  const failure = await requestAnalysis({ transcript: "Ana: hello" }, send).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(AnalysisRequestError);
  expect(failure).toMatchObject({ message: "Service temporarily unavailable. Please try again.", isConnectionError: true });
});

test.each([
  ["502", "Bad Gateway", "Server error: 502 Bad Gateway"],
  ["200", "", "Server error: 200"],
])("a reply that is not JSON (status %s) is 'Server error: {status} {statusText}'", async (status, statusText, message) => {
  const send = jest.fn(async () => new Response("upstream timed out", { status: Number(status), statusText }));
  const failure = await requestAnalysis({ transcript: "Ana: hello" }, send).catch((error: unknown) => error);
  expect(failure).toMatchObject({ message, isConnectionError: false });
});
