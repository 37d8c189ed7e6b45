import { validateLabels } from "./labels";
import { bidQuotes, negativeQuotes, repairQuotes, startUpQuotes, stonewallQuotes } from "./quotes";
import { buildSignalsRecord, readSignalsRecord, signalTurns, trendPointOf, withFollowUps } from "./record";
import type { SignalSegment } from "./turns";

const seg = (speaker: string, start: number, end: number, text: string): SignalSegment => ({ speaker, text, start, end });

const conversation = [
  seg("A", 0, 4, "You never clean up after dinner."),
  seg("B", 9.5, 10, "Fine."),
  seg("A", 11, 14, "Sorry, can we talk about it calmly?"),
  seg("B", 14.5, 18, "Yes, thanks for saying that."),
  seg("A", 200, 203, "Do you want to go for a walk later?"),
  seg("B", 203.5, 206, "Stop nagging me about walks."),
];
const answer = {
  labels: [
    { turn: 0, label: "criticism", quote: "You never clean up", responds_to: null },
    { turn: 2, label: "repair_attempt", quote: "can we talk about it calmly", responds_to: null },
    { turn: 3, label: "appreciation", quote: "thanks for saying that", responds_to: 2 },
    { turn: 4, label: "bid", quote: "go for a walk", responds_to: null },
    { turn: 5, label: "contempt", quote: "Stop nagging me", responds_to: 4 },
  ],
};

function recordOf(segments = conversation) {
  const turns = signalTurns(segments);
  const { labels, rejectedLabels } = validateLabels(answer, turns);
  return buildSignalsRecord({ turns, labels, rejectedLabels, mode: "couple" });
}

describe("buildSignalsRecord", () => {
  it("keeps the checked labels, the events behind the counts and when the first turn starts", () => {
    const record = recordOf();
    expect(record.labels).toHaveLength(5);
    expect(record.firstTurnStart).toBe(0);
    expect(record.events.repairs).toEqual([{ turn: 2, speaker: "A", response: 3, outcome: "accepted" }]);
    expect(record.events.bids).toEqual([{ turn: 4, speaker: "A", response: 5, outcome: "against" }]);
    // B answered the criticism 5.5 s later, with one word.
    expect(record.events.stonewallingByTiming).toEqual([{ turn: 0, speaker: "B", response: 1 }]);
    expect(record.horsemen!.B!.stonewallingByTiming).toBe(1);
  });

  it("keeps no labels or events without a model, or in a solo session", () => {
    const turns = signalTurns(conversation);
    expect(buildSignalsRecord({ turns, labels: null, mode: "couple" })).toMatchObject({ labelled: false, labels: [], events: { bids: [], repairs: [] } });
    const solo = buildSignalsRecord({ turns, labels: validateLabels(answer, turns).labels, mode: "solo" });
    expect(solo.events).toEqual({ repairs: [], bids: [], stonewallingByTiming: [] });
  });
});

describe("the quotes behind each count", () => {
  const record = recordOf();
  it("quotes the answer for toward, against, accepted and rejected, and the reaching out itself otherwise", () => {
    expect(bidQuotes(record, "A", "made").map((quote) => quote.quote)).toEqual(["go for a walk"]);
    expect(bidQuotes(record, "A", "against")).toEqual([{ turn: 5, speaker: "B", quote: "Stop nagging me", start: 203.5 }]);
    expect(bidQuotes(record, "A", "toward")).toEqual([]);
    expect(repairQuotes(record, "A", "accepted")).toEqual([{ turn: 3, speaker: "B", quote: "thanks for saying that", start: 14.5 }]);
    expect(repairQuotes(record, "A", "made").map((quote) => quote.speaker)).toEqual(["A"]);
    expect(stonewallQuotes(record, "B").map((quote) => quote.quote)).toEqual(["You never clean up"]);
  });

  it("splits the negative moments at the end of the first three minutes", () => {
    expect(negativeQuotes(record).map((quote) => quote.turn)).toEqual([0, 5]);
    expect(startUpQuotes(record, true).map((quote) => quote.turn)).toEqual([0]);
    expect(startUpQuotes(record, false).map((quote) => quote.turn)).toEqual([5]);
  });
});

describe("readSignalsRecord", () => {
  it("reads back what was stored, and nothing from an old or damaged copy", () => {
    const record = recordOf();
    expect(readSignalsRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect(readSignalsRecord(null)).toBeNull();
    expect(readSignalsRecord({ ...record, version: 2 })).toBeNull();
    expect(readSignalsRecord({ ...record, labels: [{ turn: -1 }] })).toBeNull();
  });

  it("defaults the labels, events and first start of a record stored without them", () => {
    const bare: Record<string, unknown> = { ...recordOf() };
    for (const key of ["labels", "events", "firstTurnStart"]) delete bare[key];
    expect(readSignalsRecord(bare)).toMatchObject({ labels: [], events: { bids: [] }, firstTurnStart: null });
  });
});

describe("withFollowUps", () => {
  it("places each follow-up after what came before, its speakers matched to the conversation's by name", () => {
    const { segments, speakerNames } = withFollowUps(conversation.slice(0, 2), { A: "Maya", B: "Jon" }, [
      {
        segments: [seg("SPEAKER_01", 1, 3, "Saturday is ours."), seg("SPEAKER_02", 3.5, 5, "Agreed, no phones."), seg("SPEAKER_03", 6, 7, "Me too!")],
        speakerNames: { SPEAKER_01: "maya ", SPEAKER_02: "Jon", SPEAKER_03: "Sam" },
      },
      { segments: [seg("SPEAKER_01", 0, 2, "   ")], speakerNames: {} },
    ]);
    expect(segments.slice(2)).toEqual([
      seg("A", 15, 17, "Saturday is ours."),
      seg("B", 17.5, 19, "Agreed, no phones."),
      seg("FOLLOW_UP_1_SPEAKER_03", 20, 21, "Me too!"),
    ]);
    expect(speakerNames).toEqual({ A: "Maya", B: "Jon", FOLLOW_UP_1_SPEAKER_03: "Sam" });
    // The conversation's turns keep their numbers.
    expect(
      signalTurns(segments)
        .slice(0, 2)
        .map((turn) => turn.text),
    ).toEqual(["You never clean up after dinner.", "Fine."]);
  });
});

describe("trendPointOf", () => {
  it("sums the repairs and bids of both speakers, with the ratio", () => {
    expect(trendPointOf(recordOf())).toEqual({ ratio: 0.5, repairsAccepted: 1, repairsMade: 1, bidsToward: 0, bidsMade: 1 });
  });

  it("is null without labelled two-person signals", () => {
    const turns = signalTurns(conversation);
    expect(trendPointOf(buildSignalsRecord({ turns, labels: null, mode: "couple" }))).toBeNull();
    expect(trendPointOf(buildSignalsRecord({ turns, labels: [], mode: "solo" }))).toBeNull();
    expect(trendPointOf(undefined)).toBeNull();
  });
});
