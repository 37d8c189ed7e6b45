import { addMovedSession, MOVED_SESSIONS_CAP, parseMovedSessions, type MovedSession } from "./moved-sessions";

const moved = (localId: string, accountId = `acc-${localId}`, ownerId = "user_1"): MovedSession => ({ localId, accountId, ownerId });

describe("addMovedSession", () => {
  it.each([
    ["append", [moved("a")], moved("b"), [moved("a"), moved("b")]],
    [
      "a second move of the same browser id replaces the first, as the newest",
      [moved("a"), moved("b")],
      moved("a", "acc-2"),
      [moved("b"), moved("a", "acc-2")],
    ],
    ["an entry missing its account is ignored", [moved("a")], moved("b", ""), [moved("a")]],
  ])("%s", (_name, list, entry, expected) => {
    expect(addMovedSession(list, entry)).toEqual(expected);
  });

  it("keeps the newest 100 and leaves the given list as it was", () => {
    const full = Array.from({ length: MOVED_SESSIONS_CAP }, (_, i) => moved(`id-${i}`));
    const next = addMovedSession(full, moved("new"));
    expect(next).toHaveLength(MOVED_SESSIONS_CAP);
    expect(next[0]).toEqual(moved("id-1"));
    expect(next.at(-1)).toEqual(moved("new"));
    expect(full).toHaveLength(MOVED_SESSIONS_CAP);
  });
});

describe("parseMovedSessions", () => {
  it.each([
    ["not an array", { a: 1 }, []],
    ["null", null, []],
    ["cleans", [moved("a"), "a", { localId: "b" }, null, { ...moved("c"), extra: 1 }], [moved("a"), moved("c")]],
    ["caps", Array.from({ length: 150 }, (_, i) => moved(`x${i}`)), Array.from({ length: 100 }, (_, i) => moved(`x${i + 50}`))],
  ])("%s", (_name, raw, expected) => {
    expect(parseMovedSessions(raw)).toEqual(expected);
  });
});
