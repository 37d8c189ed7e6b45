import { KEPT_COPY_MAX_AGE_MS, keptCopyItem, migrationItem, storedCopyItem } from "./migration-item";

const NOW = Date.parse("2026-11-20T10:00:00.000Z");
/** A copy user_a's account kept on this device: a vote it refused, written here a minute ago. */
const keptOfA = (fields: Record<string, unknown> = {}) => ({
  id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc",
  isLocal: true,
  ownerId: "user_a",
  transcript: "Maya: hi",
  analysis: { cards: [] },
  swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: NOW - 60_000 }],
  audioKey: null,
  changedAt: NOW - 60_000,
  ...fields,
});

describe("migrationItem", () => {
  it("sends only the fields the account keeps: not the owner, the audio or the device's stamp", () => {
    expect(migrationItem(keptOfA())).toEqual({
      id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc",
      transcript: "Maya: hi",
      analysis: { cards: [] },
      swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: NOW - 60_000 }],
    });
  });
});

describe("keptCopyItem", () => {
  it("is the migration's item, marked with how long ago the copy was last changed here", () => {
    expect(keptCopyItem(keptOfA(), NOW)).toEqual({ ...migrationItem(keptOfA()), keptCopy: { changedMsAgo: 60_000 } });
  });

  it.each([
    ["a copy changed in this very millisecond", NOW, 0],
    ["a copy changed at the longest age believed", NOW - KEPT_COPY_MAX_AGE_MS, KEPT_COPY_MAX_AGE_MS],
    ["a copy never stamped (kept before copies were): null", undefined, null],
    ["a stamp that is not a number: null", "2026-11-20T09:59:00.000Z", null],
    ["a stamp that is not finite: null", Number.POSITIVE_INFINITY, null],
    ["a stamp in the future (this device's clock was set back since): null", NOW + 1, null],
    ["a stamp older than any copy can be (a clock gone wrong): null", NOW - KEPT_COPY_MAX_AGE_MS - 1, null],
  ])("%s", (_, changedAt, expected) => {
    expect(keptCopyItem(keptOfA({ changedAt }), NOW).keptCopy).toEqual({ changedMsAgo: expected });
  });

  it("rounds a fractional age to whole milliseconds, as the account requires", () => {
    expect(keptCopyItem(keptOfA({ changedAt: NOW - 1500.4 }), NOW).keptCopy).toEqual({ changedMsAgo: 1500 });
  });
});

describe("storedCopyItem", () => {
  it("marks a copy kept for an account", () => {
    expect(storedCopyItem(keptOfA(), NOW)).toEqual(keptCopyItem(keptOfA(), NOW));
  });

  it.each([
    ["no owner", undefined],
    ["an empty owner", ""],
  ])("sends a guest's copy (%s) unmarked, as the sign-in migration always did", (_, ownerId) => {
    const guests = keptOfA({ ownerId });
    expect(storedCopyItem(guests, NOW)).toEqual(migrationItem(guests));
    expect(storedCopyItem(guests, NOW)).not.toHaveProperty("keptCopy");
  });
});
