import { confirmedMoves, copiesToHandOver, deletedInAccount } from "./sign-out-copies";

const analysis = { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] };
const marker = { error: "Service Unavailable", timestamp: "2026-11-01T10:00:00.000Z", attemptCount: 1 };
/** A completed session user_a kept here: a vote or a save the account refused ("Save Locally Only"). */
const keptByA = (fields: Record<string, unknown> = {}) => ({
  id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc",
  isLocal: true,
  ownerId: "user_a",
  transcript: "Maya: Something only we should read.",
  analysis,
  isCompleted: true,
  ...fields,
});

describe("copiesToHandOver", () => {
  it.each([
    ["a completed copy under the account's id", true, keptByA()],
    ["a completed copy under this browser's id (the account never stored it)", true, keptByA({ id: "local-1700000000000" })],
    ["a guest's copy (no owner): the guest flow's, synced at the next sign-in", false, keptByA({ ownerId: undefined })],
    ["another account's copy", false, keptByA({ ownerId: "user_b" })],
    ["a failed transcription awaiting its retry, with its audio", false, keptByA({ failedTranscription: marker, audioKey: "rec-1" })],
    ["a failed analysis awaiting its retry", false, keptByA({ failedAnalysis: marker, audioKey: null, transcribedFrom: "rec-2" })],
    ["a damaged failure marker (doubt keeps it)", false, keptByA({ failedAnalysis: "true" })],
    ["a copy pointing at audio in the audio store", false, keptByA({ audioKey: "rec-3" })],
    ["a copy naming the recording it was transcribed from", false, keptByA({ transcribedFrom: "rec-4" })],
    ["a copy without an analysis (the account would not take it)", false, keptByA({ analysis: undefined })],
    ["a tutorial session (the account leaves it out)", false, keptByA({ isExample: true })],
    ["an item without an id", false, keptByA({ id: "" })],
  ])("%s: handed over %s", (_, expected, item) => {
    expect(copiesToHandOver([item], "user_a")).toEqual(expected ? [item] : []);
  });

  it("keeps the stored order and skips what is not a session", () => {
    const first = keptByA({ id: "a" });
    const second = keptByA({ id: "b" });
    expect(copiesToHandOver([first, null, "x", [first], second], "user_a")).toEqual([first, second]);
  });

  it("hands nothing over for no one (a guest signing out owns no copy)", () => {
    expect(copiesToHandOver([keptByA({ ownerId: "" }), keptByA({ ownerId: undefined })], "")).toEqual([]);
  });
});

describe("confirmedMoves", () => {
  const sent = [{ id: "a" }, { id: "b" }, { id: "c" }];

  it("is the sent copies the account says it holds, once each, with the account's id for each", () => {
    expect(
      confirmedMoves(sent, [
        { localId: "a", id: "server-a" },
        { localId: "c", id: "server-c" },
        { localId: "a", id: "server-a" },
      ]),
    ).toEqual([
      { localId: "a", accountId: "server-a" },
      { localId: "c", accountId: "server-c" },
    ]);
  });

  it.each([
    ["no list", undefined],
    ["a list of something else", ["a", "b"]],
    ["an id not sent", [{ localId: "z", id: "server-z" }]],
    ["no server id", [{ localId: "a" }]],
    ["an empty server id", [{ localId: "a", id: "" }]],
  ])("confirms nothing for %s", (_, migrated) => {
    expect(confirmedMoves(sent, migrated)).toEqual([]);
  });
});

describe("deletedInAccount", () => {
  const serverId = "3f1c2a8e-1b2c-4d5e-8f90-123456789abc";
  const sent = [{ id: serverId }, { id: "local-1793523600000" }];

  it("is the sent copies of the account's sessions it says it no longer has, once each", () => {
    const skipped = [
      { localId: serverId, reason: "not_found" },
      { localId: serverId, reason: "not_found" },
    ];
    expect(deletedInAccount(sent, skipped)).toEqual([serverId]);
  });

  it.each([
    ["no list", undefined],
    ["a list of something else", [serverId]],
    ["another reason (invalid, failed): the copy may still hold what the account lacks", [{ localId: serverId, reason: "failed" }]],
    ["an id not sent", [{ localId: "6b0e7f4c-2d3e-4f50-9a61-abcdefabcdef", reason: "not_found" }]],
    ["this browser's id: the account stores those, so not_found cannot mean deleted", [{ localId: "local-1793523600000", reason: "not_found" }]],
    ["no id", [{ localId: null, reason: "not_found" }]],
  ])("names nothing for %s", (_, skipped) => {
    expect(deletedInAccount(sent, skipped)).toEqual([]);
  });
});
