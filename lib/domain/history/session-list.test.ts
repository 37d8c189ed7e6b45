import { validateLabels } from "../signals/labels";
import { buildSignalsRecord, signalTurns, trendPointOf } from "../signals/record";
import { cardText, historyCard, sessionListQuerySchema, trendPointOfParts } from "./session-list";

const segments = [
  { speaker: "A", text: "You never clean up after dinner.", start: 0, end: 4 },
  { speaker: "B", text: "Fine.", start: 9.5, end: 10 },
  { speaker: "A", text: "Sorry, can we talk about it calmly?", start: 11, end: 14 },
  { speaker: "B", text: "Yes, thanks for saying that.", start: 14.5, end: 18 },
];
const labels = {
  labels: [
    { turn: 2, label: "repair_attempt", quote: "can we talk about it calmly", responds_to: null },
    { turn: 3, label: "appreciation", quote: "thanks for saying that", responds_to: 2 },
  ],
};

describe("trendPointOfParts", () => {
  const turns = signalTurns(segments);
  const record = buildSignalsRecord({ turns, ...validateLabels(labels, turns), mode: "couple" });
  const parts = { version: record.version, labelled: record.labelled, ratio: record.ratio, repairs: record.repairs, bids: record.bids };

  it("gives what trendPointOf gives for the whole record", () => {
    expect(trendPointOfParts(parts)).toEqual(trendPointOf(record));
    expect(trendPointOfParts(parts)).not.toBeNull();
  });

  it.each([
    ["nothing", null],
    ["another version", { ...parts, version: 999 }],
    ["unlabelled", { ...parts, labelled: false }],
    ["no ratio", { ...parts, ratio: null }],
    ["a malformed count", { ...parts, repairs: { A: { made: -1, accepted: 0, rejected: 0, unclear: 0 } } }],
  ])("is null for %s", (_name, value) => {
    expect(trendPointOfParts(value)).toBeNull();
  });
});

describe("cardText", () => {
  it("takes the brief summary as the title and previews the transcript with the given names", () => {
    expect(
      cardText({
        transcriptHead: "**SPEAKER_01:** We should plan *Saturday*.",
        briefSummary: "Weekend plans",
        segmentsText: null,
        speakerNames: { SPEAKER_01: "Ana" },
        analysisSpeakerNames: null,
      }),
    ).toEqual({ title: "Weekend plans", preview: "Ana: We should plan Saturday." });
  });

  it("finds the topic in the segments when the transcript is blank, and cuts a long preview at 120 characters", () => {
    expect(
      cardText({ transcriptHead: "", briefSummary: null, segmentsText: "the rent and the budget", speakerNames: null, analysisSpeakerNames: null }).title,
    ).toBe("Financial");
    const long = cardText({ transcriptHead: "word ".repeat(1_000), briefSummary: null, segmentsText: null, speakerNames: null, analysisSpeakerNames: null });
    expect(long.preview).toHaveLength(123);
    expect(long.preview.endsWith("...")).toBe(true);
  });
});

describe("historyCard", () => {
  it("uses a list item's ready-made card", () => {
    expect(
      historyCard({ id: "s1", title: "Listed", preview: "From the list", insightCount: 4, followUpCount: 2, commitmentTally: { kept: 1, total: 3 } }),
    ).toEqual({ title: "Listed", preview: "From the list", insights: 4, followUps: 2, tally: { kept: 1, total: 3 } });
  });

  it("reads a device's full session as before", () => {
    const card = historyCard({ id: "s2", transcript: "Ana: money talk", analysis: { briefSummary: "Money", cards: [{}, {}] }, commitmentTally: undefined });
    expect(card).toEqual({ title: "Money", preview: "Ana: money talk", insights: 2, followUps: 0, tally: null });
  });
});

describe("sessionListQuerySchema", () => {
  it.each([
    [{}, { limit: 10 }],
    [
      { limit: "50", cursor: "abc" },
      { limit: 50, cursor: "abc" },
    ],
    [{ limit: "1", cacheBuster: "123" }, { limit: 1 }],
  ])("reads %j", (query, expected) => {
    expect(sessionListQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([{ limit: "0" }, { limit: "51" }, { limit: "2.5" }, { limit: "x" }, { cursor: "a".repeat(201) }])("refuses %j", (query) => {
    expect(sessionListQuerySchema.safeParse(query).success).toBe(false);
  });
});
