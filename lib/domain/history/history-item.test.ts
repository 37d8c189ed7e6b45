import { countLabel, failuresSettledElsewhere, historyCounts, historyItemStatus } from "./history-item";

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
    [
      "cards and merged follow-ups",
      { analysis: { cards: [{}, {}], followUpTranscripts: [{ transcript: "a" }] }, followUpTranscripts: [{ transcript: "a" }, { transcript: "b" }] },
      { insights: 2, followUps: 2 },
    ],
    ["legacy counts", { followUpTranscript: "old" }, { insights: 0, followUps: 1 }],
    ["the account's list gives a count", { followUpCount: 2 }, { insights: 0, followUps: 2 }],
    ["a damaged count is ignored", { followUpCount: "many", followUpTranscripts: [{ transcript: "a" }] }, { insights: 0, followUps: 1 }],
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

describe("failuresSettledElsewhere", () => {
  const failed = { error: "down", timestamp: "2026-11-22T08:00:00.000Z", attemptCount: 1 };

  it("names local failed items the account now lists without that failure", () => {
    const local = [
      { id: "a", failedTranscription: failed },
      { id: "b", failedTranscription: failed },
      { id: "c", failedAnalysis: failed },
      { id: "local-1", failedTranscription: failed },
    ];
    const server = [
      { id: "a", failedTranscription: null, failedAnalysis: null },
      { id: "b", failedTranscription: failed },
      { id: "c", failedTranscription: null, failedAnalysis: null },
    ];
    expect(failuresSettledElsewhere(local, server)).toEqual(["a", "c"]);
  });

  it("names a transcription retried elsewhere even when its analysis then failed there (the account lists that failure)", () => {
    expect(failuresSettledElsewhere([{ id: "a", failedTranscription: failed }], [{ id: "a", failedAnalysis: failed }])).toEqual(["a"]);
  });

  it("names a recording the account holds analysed under its id (the tab closed while the server finished it), not one only transcribed", () => {
    const local = [
      { id: "local-1", failedTranscription: failed, audioKey: "rec-analysed" },
      { id: "local-2", failedAnalysis: failed, transcribedFrom: "rec-analysed-2" },
      { id: "local-3", failedTranscription: failed, audioKey: "rec-transcribed-only" },
      { id: "local-4", failedTranscription: failed, audioKey: "rec-failed-there" },
      { id: "local-5", failedTranscription: failed, audioKey: "rec-unknown" },
    ];
    const server = [
      { id: "s1", clientId: "rec-analysed", insightCount: 6 },
      { id: "s2", clientId: "rec-analysed-2", insightCount: 3 },
      { id: "s3", clientId: "rec-transcribed-only", insightCount: 0 },
      { id: "s4", clientId: "rec-failed-there", insightCount: 0, failedAnalysis: failed },
    ];
    expect(failuresSettledElsewhere(local, server)).toEqual(["local-1", "local-2"]);
  });

  it("never names sessions that were not failed here", () => {
    expect(failuresSettledElsewhere([{ id: "a" }], [{ id: "a", failedTranscription: failed }])).toEqual([]);
  });
});
