import {
  commitmentTally,
  extractCommitments,
  pendingCommitments,
  readModelCommitments,
  sameCommitment,
  withLastTimeRecommendation,
  type Commitment,
} from "./commitments";

const names = { SPEAKER_01: "Maya", SPEAKER_02: "Jon" };

describe("extractCommitments", () => {
  it("takes the sentences that promise an action, with who and when as said", () => {
    const drafts = extractCommitments(
      [
        { speaker: "SPEAKER_01", text: "Okay, so we'll put our phones away at dinner every evening. Does that sound fair?" },
        { speaker: "SPEAKER_02", text: "Yes. And I’ll plan our Saturday walk by Friday." },
      ],
      names,
    );
    expect(drafts).toEqual([
      { text: "We'll put our phones away at dinner every evening.", who: "both", byWhen: "every evening" },
      { text: "I’ll plan our Saturday walk by Friday.", who: "Jon", byWhen: "by friday" },
    ]);
  });

  it.each([
    ["a question", "Will we really put the phones away?"],
    ["a sentence that promises nothing", "I liked the walk last week."],
    ["a promise too short to mean anything", "I will."],
  ])("ignores %s", (_, text) => {
    expect(extractCommitments([{ speaker: "SPEAKER_01", text }], names)).toEqual([]);
  });

  it("keeps each commitment once and at most three", () => {
    const text =
      "Let's cook on Sundays. Let's cook on Sundays! We will call your mum on Monday. I will walk the dog every day. We can try to read together tonight.";
    const drafts = extractCommitments([{ speaker: "SPEAKER_01", text }], names);
    expect(drafts.map((draft) => draft.text)).toEqual(["Let's cook on Sundays.", "We will call your mum on Monday.", "I will walk the dog every day."]);
  });

  it("leaves who empty when the speaker was not named", () => {
    expect(extractCommitments([{ speaker: "SPEAKER_09", text: "I'm going to ask how your day was." }])[0]).toMatchObject({ who: null, byWhen: null });
  });
});

describe("readModelCommitments", () => {
  it("clips a long text or name without halving an emoji, which PostgreSQL cannot store", () => {
    const [draft] = readModelCommitments([{ text: `${"a".repeat(199)}🌱 more`, who: `${"b".repeat(59)}💕`, byWhen: null }]);
    expect(draft).toEqual({ text: "a".repeat(199), who: "b".repeat(59), byWhen: null });
  });

  it("keeps well-formed commitments, empty who and when as null, clipped and without repeats", () => {
    expect(
      readModelCommitments([
        { text: "  Phones away at   dinner ", who: "both", byWhen: "" },
        { text: "phones away at dinner", who: "", byWhen: null },
        { text: "x" },
        "not an object",
        { text: "Plan Saturday", who: "Jon", byWhen: "by Friday" },
      ]),
    ).toEqual([
      { text: "Phones away at dinner", who: "both", byWhen: null },
      { text: "Plan Saturday", who: "Jon", byWhen: "by Friday" },
    ]);
    expect(readModelCommitments("nothing")).toEqual([]);
  });
});

const commitment = (overrides: Partial<Commitment>): Commitment => ({
  id: "c1",
  sessionId: "s1",
  text: "Phones away at dinner",
  who: "both",
  byWhen: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  outcome: null,
  outcomeAt: null,
  ...overrides,
});

describe("pendingCommitments", () => {
  it("asks about the latest session's open commitments, never the current session's", () => {
    const older = commitment({ id: "a", sessionId: "s1", createdAt: "2026-11-01T10:00:00.000Z" });
    const newer = commitment({ id: "b", sessionId: "s2", createdAt: "2026-11-10T10:00:00.000Z" });
    const newerToo = commitment({ id: "c", sessionId: "s2", createdAt: "2026-11-10T10:00:01.000Z" });
    const answered = commitment({ id: "d", sessionId: "s3", createdAt: "2026-11-20T10:00:00.000Z", outcome: "kept" });
    const current = commitment({ id: "e", sessionId: "s4", createdAt: "2026-11-21T10:00:00.000Z" });
    expect(pendingCommitments([older, newer, newerToo, answered, current], "s4").map((item) => item.id)).toEqual(["b", "c"]);
    expect(pendingCommitments([answered], null)).toEqual([]);
  });
});

describe("sameCommitment", () => {
  // How an answer finds its commitment once a migration stored it anew: by its words, as storing told repeats apart.
  it.each([
    ["Phones away at dinner", "phones away at dinner!", true],
    ["Walk together on Fridays", "  Walk together,  on Fridays. ", true],
    ["Walk together on Fridays", "Walk together on Saturdays", false],
    ["Cook on Saturday", "Cook Saturday", false],
  ])("%j and %j: %s", (a, b, same) => {
    expect(sameCommitment(a, b)).toBe(same);
  });
});

describe("commitmentTally", () => {
  it("counts the kept ones, and is null without commitments", () => {
    expect(commitmentTally([{ outcome: "kept" }, { outcome: "partly" }, { outcome: null }])).toEqual({ kept: 1, total: 3 });
    expect(commitmentTally([])).toBeNull();
  });
});

describe("withLastTimeRecommendation", () => {
  it("puts a check-in on last time's commitments first, and changes nothing without them", () => {
    const previous = [
      { text: "Phones away at dinner.", who: "both", byWhen: null },
      { text: "Plan Saturday", who: "Jon", byWhen: null },
    ];
    expect(withLastTimeRecommendation(["Ask one open question a day"], previous)).toEqual([
      "Check in together on what you agreed last time: “Phones away at dinner” and “Plan Saturday”. What helped, and what got in the way?",
      "Ask one open question a day",
    ]);
    expect(withLastTimeRecommendation(["A"], [])).toEqual(["A"]);
  });
});
