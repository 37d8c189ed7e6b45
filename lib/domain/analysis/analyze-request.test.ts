import { analyzeRequestSchema, parseTranscriptLines } from "./analyze-request";

describe("analyzeRequestSchema", () => {
  it("rejects a blank transcript with the spec's message", () => {
    const result = analyzeRequestSchema.safeParse({ transcript: "  \n " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Empty transcript. Please try recording again.");
  });

  it("accepts both request shapes", () => {
    expect(analyzeRequestSchema.parse({ transcript: "Ana: hi", fullTranscript: "SPEAKER_01: hi" }).mode).toBe("couple");
    expect(analyzeRequestSchema.parse({ transcript: "Ana: hi\ncoach: hello", mode: "solo", conversationGuideHeadline: "Grow Together" }).mode).toBe("solo");
  });

  it("takes a segment as long as the transcript, as a provider may answer one turn of minutes or one segment for all", () => {
    const monologue = "I have been thinking about this all week. ".repeat(3_000).trim(); // 125,999 characters
    const segments = [{ speaker: "SPEAKER_01", text: monologue, start: 0, end: 600 }];
    expect(analyzeRequestSchema.safeParse({ transcript: `SPEAKER_01: ${monologue}`, segments }).success).toBe(true);
    expect(analyzeRequestSchema.safeParse({ transcript: "a", segments: [{ ...segments[0], text: "x".repeat(200_001) }] }).success).toBe(false);
  });

  it("bounds speakers, segments and ids", () => {
    const names = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`S${i}`, "x"]));
    expect(analyzeRequestSchema.safeParse({ transcript: "a", speakerNames: names }).success).toBe(false);
    expect(analyzeRequestSchema.safeParse({ transcript: "a", segments: [{ speaker: "A", text: "x", start: -1, end: 1 }] }).success).toBe(false);
    expect(analyzeRequestSchema.safeParse({ transcript: "a", sessionId: "../etc" }).success).toBe(false);
  });
});

describe("parseTranscriptLines", () => {
  it("reads 'speaker: text' lines with optional numbers, joining continuation lines", () => {
    expect(parseTranscriptLines("1. Ana: I felt unheard\nand tired\n2) Ben: I'm sorry\n\nBen: Tell me more")).toEqual([
      { speaker: "Ana", text: "I felt unheard and tired" },
      { speaker: "Ben", text: "I'm sorry" },
      { speaker: "Ben", text: "Tell me more" },
    ]);
  });

  it("keeps unlabelled text as one speaker", () => {
    expect(parseTranscriptLines("just some words")).toEqual([{ speaker: "SPEAKER_01", text: "just some words" }]);
  });
});
