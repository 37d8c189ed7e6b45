import { HISTORY_PAGE_SIZE, lastActivity, mergeSessions, paginate, preview, sortHistory } from "./history-order";
import type { HistorySession } from "./types";

const day = (n: number) => Date.UTC(2026, 0, n);

describe("lastActivity", () => {
  it.each([
    ["createdAt ISO", { id: "a", createdAt: new Date(day(1)).toISOString() }, day(1)],
    ["updatedAt later", { id: "a", createdAt: day(1), updatedAt: new Date(day(3)).toISOString() }, day(3)],
    ["follow-up later", { id: "a", createdAt: day(1), followUpTranscripts: [{ transcript: "x", date: new Date(day(5)).toISOString() }] }, day(5)],
    ["analysis follow-up later", { id: "a", createdAt: day(1), analysis: { followUpTranscripts: [{ transcript: "x", createdAt: day(6) }] } }, day(6)],
    ["legacy timestamp", { id: "a", timestamp: day(2) }, day(2)],
    ["a device copy's last write (a vote, a summary) later", { id: "local-1", createdAt: day(1), changedAt: day(4) }, day(4)],
    ["a server copy's update date wins over a stray last write", { id: "a", createdAt: day(1), updatedAt: day(2), changedAt: day(4) }, day(2)],
    ["digit string", { id: "a", createdAt: String(day(2)) }, day(2)],
    ["invalid dates ignored", { id: "a", createdAt: "not a date", updatedAt: NaN, timestamp: day(4) }, day(4)],
    ["nothing readable", { id: "a", createdAt: "nope" }, 0],
    ["the account list's own key wins", { id: "a", createdAt: day(1), updatedAt: day(8), lastActivityAt: new Date(day(3)).toISOString() }, day(3)],
    ["an unreadable list key is ignored", { id: "a", createdAt: day(1), updatedAt: day(8), lastActivityAt: "nope" }, day(8)],
  ])("%s", (_name, session, expected) => {
    expect(lastActivity(session)).toBe(expected);
  });
});

describe("sortHistory", () => {
  it("newest first by last activity, stable on ties, no mutation", () => {
    const input = [
      { id: "old", createdAt: day(1) },
      { id: "tieA", createdAt: day(2) },
      { id: "followed", createdAt: day(1), followUpTranscripts: [{ transcript: "f", date: day(9) }] },
      { id: "tieB", createdAt: day(2) },
      { id: "bad", createdAt: "garbage" },
    ];
    expect(sortHistory(input).map((s) => s.id)).toEqual(["followed", "tieA", "tieB", "old", "bad"]);
    expect(input[0]!.id).toBe("old");
  });
});

describe("mergeSessions", () => {
  it.each([
    ["same id: server wins", [{ id: "s1", createdAt: day(1), transcript: "local" }], [{ id: "s1", createdAt: day(1), transcript: "server" }], ["s1:server"]],
    [
      "local id is a server clientId",
      [{ id: "local-1", createdAt: day(3), transcript: "local" }],
      [{ id: "s1", clientId: "local-1", createdAt: day(1), transcript: "server" }],
      ["s1:server"],
    ],
    [
      "local-only kept, sorted",
      [{ id: "local-2", createdAt: day(4), transcript: "guest" }],
      [{ id: "s1", createdAt: day(1), transcript: "server" }],
      ["local-2:guest", "s1:server"],
    ],
    [
      "failed local items kept",
      [{ id: "rec-1", createdAt: day(2), transcript: "", failedTranscription: { error: "x", timestamp: "", attemptCount: 1 } }],
      [],
      ["rec-1:"],
    ],
    [
      "examples excluded on both sides",
      [{ id: "ex", isExample: true, createdAt: day(5) }],
      [
        { id: "ex2", isExample: true, createdAt: day(5) },
        { id: "s", createdAt: day(1), transcript: "t" },
      ],
      ["s:t"],
    ],
    [
      "duplicates within one source collapse",
      [
        { id: "l", createdAt: day(1), transcript: "first" },
        { id: "l", createdAt: day(2), transcript: "second" },
      ],
      [],
      ["l:first"],
    ],
    ["items without an id dropped", [{ id: "", createdAt: day(1) }], [], []],
  ] as [string, HistorySession[], HistorySession[], string[]][])("%s", (_name, local, server, expected) => {
    expect(mergeSessions(local, server).map((s) => `${s.id}:${s.transcript ?? ""}`)).toEqual(expected);
  });
});

describe("paginate", () => {
  const list = Array.from({ length: 12 }, (_, i) => i);
  it.each([
    [HISTORY_PAGE_SIZE, 5, true, 10],
    [10, 10, true, 15],
    [15, 12, false, 20],
    [0, 5, true, 10],
    [NaN, 5, true, 10],
  ])("visible %s → %s items, more %s, next %s", (visible, count, hasMore, next) => {
    const page = paginate(list, visible);
    expect(page.items).toHaveLength(count);
    expect(page.hasMore).toBe(hasMore);
    expect(page.nextVisibleCount).toBe(next);
  });
});

describe("preview", () => {
  it.each([
    ["short", "A: hi\n\nB:   there", "A: hi B: there"],
    ["exactly 120", "x".repeat(120), "x".repeat(120)],
    ["cut at 120", "y".repeat(121), `${"y".repeat(120)}...`],
    ["missing", undefined, ""],
    ["null", null, ""],
    ["markdown emphasis is dropped", "**SPEAKER_01:** We *really* need __time__.", "SPEAKER_01: We really need time."],
    ["headings, quotes and links read as text", "# Our talk\n> [Ana](https://example.com) said hi", "Our talk Ana said hi"],
    ["cut after stripping, so no marker is left at the end", `**${"z".repeat(130)}**`, `${"z".repeat(120)}...`],
    ["the 120 characters count plain text", `**${"w".repeat(119)}** tail`, `${"w".repeat(119)} ...`],
    // An emoji is two UTF-16 units: cutting between them showed "�" on the card.
    ["an emoji across the cut is left out whole", `${"v".repeat(119)}😀 and more`, `${"v".repeat(119)}...`],
    ["an emoji sequence across the cut is left out whole", `${"u".repeat(117)}👨‍👩‍👧 and more`, `${"u".repeat(117)}...`],
  ])("%s", (_name, transcript, expected) => {
    expect(preview({ transcript })).toBe(expected);
  });

  it.each([
    ["session names replace the labels", { speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" } }, "Ana: Hi. Ben: Hello, SPEAKER_03. 3. Ana: Bye"],
    [
      "the analysis's names when the session has none",
      { analysis: { speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" } } },
      "Ana: Hi. Ben: Hello, SPEAKER_03. 3. Ana: Bye",
    ],
    [
      "session names win, the analysis fills the rest",
      { speakerNames: { SPEAKER_01: "Ana" }, analysis: { speakerNames: { SPEAKER_01: "Me", SPEAKER_02: "Ben" } } },
      "Ana: Hi. Ben: Hello, SPEAKER_03. 3. Ana: Bye",
    ],
    ["blank names are ignored", { speakerNames: { SPEAKER_01: "  ", SPEAKER_02: "Ben" } }, "SPEAKER_01: Hi. Ben: Hello, SPEAKER_03. 3. SPEAKER_01: Bye"],
    ["no names: labels stay", {}, "SPEAKER_01: Hi. SPEAKER_02: Hello, SPEAKER_03. 3. SPEAKER_01: Bye"],
    [
      "malformed names are ignored",
      { speakerNames: null, analysis: { speakerNames: "Ana" } },
      "SPEAKER_01: Hi. SPEAKER_02: Hello, SPEAKER_03. 3. SPEAKER_01: Bye",
    ],
  ])("speaker labels: %s", (_name, names, expected) => {
    expect(preview({ transcript: "**SPEAKER_01:** Hi.\nSPEAKER_02: Hello, SPEAKER_03.\n3. SPEAKER_01: Bye", ...names })).toBe(expected);
  });

  it("names a label before the cut, so the 120 characters are what the card shows", () => {
    const text = preview({ transcript: `SPEAKER_01: ${"a".repeat(200)}`, speakerNames: { SPEAKER_01: "Jo" } });
    expect(text).toBe(`Jo: ${"a".repeat(116)}...`);
  });
});
