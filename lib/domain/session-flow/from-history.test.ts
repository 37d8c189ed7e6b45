import { completedSessionFromHistory, isCompletedSession } from "./from-history";

const cards = [{ dimension: "Curiosity" }, { dimension: "Timing" }];

describe("isCompletedSession (spec part 2 section 4)", () => {
  test.each([
    ["marked completed", { id: "a", isCompleted: true, analysis: { cards } }, true],
    [
      "every card voted",
      {
        id: "b",
        analysis: { cards },
        swipeActions: [
          { cardIndex: 0, action: "helpful" },
          { cardIndex: 1, action: "unhelpful" },
        ],
      },
      true,
    ],
    ["one card still open", { id: "c", analysis: { cards }, swipeActions: [{ cardIndex: 0, action: "helpful" }] }, false],
    ["no cards at all", { id: "d", analysis: { cards: [] } }, false],
    ["no analysis", { id: "e" }, false],
  ])("%s", (_name, session, expected) => {
    expect(isCompletedSession(session as never)).toBe(expected);
  });
});

describe("completedSessionFromHistory", () => {
  test("a server session: not local, marked complete, fields carried over", () => {
    const session = completedSessionFromHistory({
      id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc",
      isLocal: false,
      name: "Weekends",
      transcript: "Ana: hi",
      analysis: { cards, speakerNames: { SPEAKER_01: "Ana" } },
      createdAt: "2026-11-20T10:00:00.000Z",
      summary: "It went well.",
      recommendations: ["One", 2, "Three"],
      reminderDate: 1_800_000_000_000,
      followUpTranscripts: [{ transcript: "We will." }],
    } as never);
    expect(session).toMatchObject({
      isLocal: false,
      isCompleted: true,
      name: "Weekends",
      speakerNames: { SPEAKER_01: "Ana" },
      timestamp: Date.parse("2026-11-20T10:00:00.000Z"),
      summary: "It went well.",
      recommendations: ["One", "Three"],
      reminderDate: 1_800_000_000_000,
      followUpTranscripts: [{ transcript: "We will." }],
      swipeActions: [],
    });
  });

  test("a device session keeps its local id and takes its names from the session", () => {
    const session = completedSessionFromHistory({ id: "local-5", analysis: { cards }, speakerNames: { A: "Jo" }, timestamp: 5 } as never);
    expect(session).toMatchObject({ id: "local-5", isLocal: true, speakerNames: { A: "Jo" }, createdAt: new Date(5).toISOString(), summary: null });
  });
});
