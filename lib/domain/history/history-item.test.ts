import { countLabel, historyCounts, historyItemStatus } from "./history-item";

describe("historyItemStatus", () => {
  const marker = { error: "x", timestamp: "2026-01-01T00:00:00.000Z", attemptCount: 1 };
  it.each([
    ["normal", {}, "normal"],
    ["failed transcription", { failedTranscription: marker }, "failed-transcription"],
    ["failed analysis", { failedAnalysis: marker }, "failed-analysis"],
    ["transcription outranks analysis", { failedTranscription: marker, failedAnalysis: marker }, "failed-transcription"],
    ["null markers", { failedTranscription: null, failedAnalysis: undefined }, "normal"],
  ])("%s", (_name, session, expected) => {
    expect(historyItemStatus(session)).toBe(expected);
  });
});

describe("historyCounts", () => {
  it.each([
    ["empty", {}, { insights: 0, followUps: 0 }],
    ["cards and merged follow-ups", { analysis: { cards: [{}, {}], followUpTranscripts: [{ transcript: "a" }] }, followUpTranscripts: [{ transcript: "a" }, { transcript: "b" }] }, { insights: 2, followUps: 2 }],
    ["legacy counts", { followUpTranscript: "old" }, { insights: 0, followUps: 1 }],
  ])("%s", (_name, session, expected) => {
    expect(historyCounts(session)).toEqual(expected);
  });

  it.each([
    [0, "insight", "0 insights"],
    [1, "insight", "1 insight"],
    [3, "follow-up", "3 follow-ups"],
  ] as const)("%s %s", (count, unit, expected) => {
    expect(countLabel(count, unit)).toBe(expected);
  });
});
