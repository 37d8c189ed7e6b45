import { DEFAULT_TOPIC_TITLE, TOPIC_KEYWORDS, topicScores, topicTitle } from "./topic-title";

describe("topicTitle", () => {
  it.each([
    ["brief summary wins", { analysis: { briefSummary: "  Planning the  move to Lisbon " }, transcript: "money money" }, "Planning the move to Lisbon"],
    [
      "default brief summary is ignored",
      { analysis: { briefSummary: "Session summary" }, transcript: "We argued about the budget and money again." },
      "Financial & Conflict",
    ],
    ["blank brief summary is ignored", { analysis: { briefSummary: "   " }, transcript: "Our kids need a bedtime." }, "Parenting"],
    ["top two joined by count", { transcript: "A: The budget, the debt, the rent.\nB: And the vacation plan for the future." }, "Financial & Planning"],
    ["plural and verb endings match", { transcript: "A: The bills and budgets. We argued." }, "Financial & Conflict"],
    ["ties keep the spec's order", { transcript: "A: trust and money" }, "Financial & Trust"],
    ["nothing matches", { transcript: "A: Hello there.\nB: Hi." }, DEFAULT_TOPIC_TITLE],
    ["no transcript", {}, DEFAULT_TOPIC_TITLE],
    ["speaker labels are not topics", { transcript: "Time: hello\nFamily: hi" }, DEFAULT_TOPIC_TITLE],
    [
      "segments when the transcript is blank",
      { transcript: "", analysis: { transcriptionSegments: [{ speaker: "A", text: "my boss and my job", start: 0, end: 1 }] } },
      "Career",
    ],
    ["malformed analysis", { analysis: "oops", transcript: "hobby" }, "Recreation"],
    ["word boundaries: 'savings' yes, 'unsaved' no", { transcript: "A: unsaved lies" }, "Trust"],
  ])("%s", (_name, session, expected) => {
    expect(topicTitle(session)).toBe(expected);
  });

  it("drops speaker labels after runs of blank lines too (a speaker named 'Money' is no topic)", () => {
    expect(topicTitle({ transcript: `${" \n".repeat(2000)}  Money: Our kids need a bedtime.\n \n\t1. Money: The kids again.` })).toBe("Parenting");
  });

  it("is stable across calls", () => {
    const session = { transcript: "Hello" };
    expect(topicTitle(session)).toBe(topicTitle(session));
  });

  it("long brief summaries are cut with ...", () => {
    const title = topicTitle({ analysis: { briefSummary: "word ".repeat(40) } });
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith("...")).toBe(true);
  });

  it("a long brief summary is not cut inside an emoji", () => {
    // 76 letters, then an emoji in units 77-78: the cut at 77 fell between its two halves and the title ended in "�".
    const title = topicTitle({ analysis: { briefSummary: `${"Talking ".repeat(9)}abcd😀 about the weekend` } });
    expect(title).toBe(`${"Talking ".repeat(9)}abcd...`);
  });

  it("has the 14 groups, each with 8-15 keywords", () => {
    expect(Object.keys(TOPIC_KEYWORDS)).toEqual([
      "Communication",
      "Conflict",
      "Intimacy",
      "Financial",
      "Household",
      "Family",
      "Time",
      "Trust",
      "Planning",
      "Commitment",
      "Boundaries",
      "Parenting",
      "Career",
      "Recreation",
    ]);
    for (const words of Object.values(TOPIC_KEYWORDS)) {
      expect(words.length).toBeGreaterThanOrEqual(8);
      expect(words.length).toBeLessThanOrEqual(15);
    }
  });

  it("scores multi-word keywords across whitespace", () => {
    expect(topicScores("we need a date\nnight")).toEqual([{ topic: "Intimacy", count: 1 }]);
  });
});
