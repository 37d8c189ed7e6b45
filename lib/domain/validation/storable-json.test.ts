import { dateInRange, findUnstorableJson, MAX_JSON_DEPTH, storableJson, storableText } from "./storable-json";

const nested = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level++) value = { child: value };
  return value;
};

describe("findUnstorableJson", () => {
  test.each<[string, unknown, ReturnType<typeof findUnstorableJson>]>([
    ["plain text", { name: "Ana", tags: ["a", "b"], n: 1, ok: true, none: null }, null],
    ["emoji (a surrogate pair) is fine", { name: "We ❤️ Saturdays 👩‍❤️‍👨" }, null],
    ["NUL in a value", { name: "bad\u0000name" }, { path: "name", reason: "nul" }],
    ["NUL deep in a list", { turns: [{ text: "ok" }, { text: "x\u0000" }] }, { path: "turns.1.text", reason: "nul" }],
    ["NUL in a key", { ["k\u0000"]: 1 }, { path: "k\u0000", reason: "nul" }],
    ["a lone high surrogate", { text: "broken \uD83D here" }, { path: "text", reason: "surrogate" }],
    ["a lone low surrogate", { text: "\uDE00" }, { path: "text", reason: "surrogate" }],
    ["a high surrogate at the end", { text: "end\uD83D" }, { path: "text", reason: "surrogate" }],
    ["a top-level string with NUL", "\u0000", { path: "", reason: "nul" }],
    // Plain objects Prisma's serializer takes for values of its own, by shape.
    ["Prisma's raw parameters", { a: { __prismaRawParameters__: true, values: "X" } }, { path: "a.__prismaRawParameters__", reason: "reserved" }],
    ["a Decimal's tag", { list: [{ toStringTag: "[object Decimal]" }] }, { path: "list.0.toStringTag", reason: "reserved" }],
    ["the same keys with other values", { __prismaRawParameters__: "yes", toStringTag: "Decimal" }, null],
  ])("%s", (_name, value, expected) => {
    expect(findUnstorableJson(value)).toEqual(expected);
  });

  test("nesting up to the limit is accepted, one level more is refused", () => {
    expect(findUnstorableJson(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findUnstorableJson(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ reason: "depth" });
  });

  test("a hundred thousand levels are refused without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(findUnstorableJson(deep)).toMatchObject({ reason: "depth" });
  });
});

describe("dateInRange", () => {
  test.each<[number | string, boolean]>([
    [Date.UTC(2026, 10, 23), true],
    ["2026-11-23T10:00:00.000Z", true],
    [8.64e15 + 1, false],
    [1e20, false],
    [-1, false],
    ["not a date", false],
    ["2100-01-02T00:00:00Z", false],
    ["1999-12-31T23:59:59Z", false],
    // Days the calendar does not have, which new Date rolls into the next month.
    ["2026-02-30T10:00:00.000Z", false],
    ["2026-02-31", false],
    ["2026-04-31T00:00:00Z", false],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-01-01T24:00:00Z", false],
    ["2024-02-29", true],
    ["2000-02-29T12:00:00Z", true],
    ["2026-02-28T23:59:59.999Z", true],
    ["2026-04-30T00:00:00+02:00", true],
    ["2026-04-30T10:00", true],
    // Only ISO dates: other formats are guessed at by new Date, and roll over too.
    ["February 30, 2026", false],
    ["Tue Mar 03 2026 10:00:00 GMT+0000", false],
    ["2026-1-5", false],
    [" 2026-01-05", false],
  ])("%s → %s", (value, ok) => {
    expect(dateInRange(value) !== null).toBe(ok);
  });
});

describe("storableText", () => {
  test.each([
    ["plain text", "Weekend plans", "Weekend plans"],
    ["a NUL", "Weekend\u0000plans", "Weekendplans"],
    ["several NULs", "\u0000a\u0000\u0000b\u0000", "ab"],
    ["a lone high surrogate", "You two \uD800 talked.", "You two \uFFFD talked."],
    ["a lone low surrogate", "x\uDC00y", "x\uFFFDy"],
    ["a high surrogate at the end", "end\uDBFF", "end\uFFFD"],
    ["a pair reversed", "\uDC00\uD800", "\uFFFD\uFFFD"],
    ["a well-formed pair (an emoji)", "hi \uD83D\uDE00", "hi \uD83D\uDE00"],
  ])("%s", (_, text, expected) => {
    expect(storableText(text)).toBe(expected);
    expect(findUnstorableJson(storableText(text))).toBeNull();
  });
});

describe("storableJson", () => {
  it("returns a storable value as it is", () => {
    const value = { cards: [{ insight: "ok" }], n: 1 };
    expect(storableJson(value)).toBe(value);
  });

  it("repairs every string, keys included, at any depth, and leaves other values alone", () => {
    const value = { a: ["x\u0000", { "k\uD800": "\uDC00", n: 5, t: true, z: null }], deep: JSON.parse(`${"[".repeat(40)}"\\u0000"${"]".repeat(40)}`) };
    const repaired = storableJson(value);
    expect(repaired.a).toEqual(["x", { "k\uFFFD": "\uFFFD", n: 5, t: true, z: null }]);
    expect(findUnstorableJson(repaired, Number.POSITIVE_INFINITY)).toBeNull();
    expect(value.a[0]).toBe("x\u0000"); // a copy: the answer as received is not changed
  });

  it("drops the entries Prisma would misread, and keeps the rest of their objects", () => {
    const value = { card: { insight: "ok", toStringTag: "[object Decimal]" }, list: [{ __prismaRawParameters__: true, values: 1 }] };
    expect(storableJson(value)).toEqual({ card: { insight: "ok" }, list: [{ values: 1 }] });
  });
});
