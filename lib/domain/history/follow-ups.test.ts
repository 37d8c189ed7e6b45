import { followUpDateLabel, INVALID_DATE_LABEL, mergeFollowUps, UNKNOWN_DATE_LABEL } from "./follow-ups";

const iso = (d: number) => new Date(Date.UTC(2026, 0, d, 12)).toISOString();

describe("mergeFollowUps", () => {
  it.each([
    ["none", {}, [], null],
    [
      "root only, sorted by date",
      {
        followUpTranscripts: [
          { transcript: "b", date: iso(5) },
          { transcript: "a", date: iso(2) },
        ],
      },
      ["a", "b"],
      null,
    ],
    [
      "root and analysis merged, duplicate text once",
      {
        followUpTranscripts: [{ transcript: "same  text", createdAt: iso(3) }],
        analysis: {
          followUpTranscripts: [
            { transcript: " same text ", date: iso(1) },
            { transcript: "other", date: iso(2) },
          ],
        },
      },
      ["other", "same  text"],
      null,
    ],
    [
      "undated last, in order found",
      { followUpTranscripts: [{ transcript: "u1" }, { transcript: "d", date: iso(1) }, { transcript: "u2" }] },
      ["d", "u1", "u2"],
      null,
    ],
    [
      "duplicate fills a missing date",
      { followUpTranscripts: [{ transcript: "x" }, { transcript: "y", date: iso(2) }], analysis: { followUpTranscripts: [{ transcript: "x", date: iso(1) }] } },
      ["x", "y"],
      null,
    ],
    [
      "malformed items skipped",
      { followUpTranscripts: [null, "text", { transcript: 3 }, { transcript: "  " }, { transcript: "ok" }], analysis: { followUpTranscripts: "nope" } },
      ["ok"],
      null,
    ],
    ["non-array root ignored", { followUpTranscripts: { transcript: "x" } }, [], null],
    ["legacy single kept apart", { followUpTranscript: " legacy ", followUpTranscripts: [{ transcript: "a" }] }, ["a"], "legacy"],
    ["legacy equal to a merged one hidden", { followUpTranscript: "a", followUpTranscripts: [{ transcript: "a" }] }, ["a"], null],
    ["blank legacy", { followUpTranscript: "  " }, [], null],
  ])("%s", (_name, session, transcripts, legacy) => {
    const merged = mergeFollowUps(session);
    expect(merged.followUps.map((f) => f.transcript)).toEqual(transcripts);
    expect(merged.legacyTranscript).toBe(legacy);
  });

  it("does not mutate the session's follow-ups", () => {
    const root = { transcript: "x" };
    mergeFollowUps({ followUpTranscripts: [root], analysis: { followUpTranscripts: [{ transcript: "x", date: iso(1) }] } });
    expect(root).toEqual({ transcript: "x" });
  });
});

describe("followUpDateLabel", () => {
  it.each([
    ["date", { date: iso(21) }, "Jan 21, 2026"],
    ["createdAt when no date", { createdAt: Date.UTC(2025, 10, 3) }, "Nov 3, 2025"],
    ["none", {}, UNKNOWN_DATE_LABEL],
    ["null", { date: null }, UNKNOWN_DATE_LABEL],
    ["empty string", { date: "" }, UNKNOWN_DATE_LABEL],
    ["unparsable", { date: "yesterday-ish" }, INVALID_DATE_LABEL],
    ["NaN", { date: NaN }, INVALID_DATE_LABEL],
  ])("%s", (_name, followUp, expected) => {
    expect(followUpDateLabel(followUp)).toBe(expected);
  });
});
