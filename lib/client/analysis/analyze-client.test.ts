import { requestAnalysis } from "./analyze-client";

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
