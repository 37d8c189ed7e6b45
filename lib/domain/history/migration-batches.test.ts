import { jsonBytes, MIGRATE_BODY_LIMIT_BYTES, MIGRATE_MAX_SESSIONS, migrationBatches } from "./migration-batches";

describe("migrationBatches", () => {
  it("keeps every item, in order, in batches of at most the server's count", () => {
    const items = Array.from({ length: 250 }, (_, index) => ({ id: `local-${index}` }));
    const batches = migrationBatches(items);
    expect(batches.map((batch) => batch.length)).toEqual([MIGRATE_MAX_SESSIONS, MIGRATE_MAX_SESSIONS, 50]);
    expect(batches.flat()).toEqual(items);
  });

  it("cuts by size too, counting UTF-8 bytes (a CJK transcript weighs three per character)", () => {
    const session = (id: string) => ({ id, transcript: "我们".repeat(500_000) });
    expect(jsonBytes(session("a"))).toBeGreaterThan(3_000_000);
    const batches = migrationBatches([session("a"), session("b"), session("c")]);
    expect(batches.map((batch) => batch.map((item) => item.id))).toEqual([["a"], ["b"], ["c"]]);
    for (const batch of batches) expect(jsonBytes({ sessions: batch })).toBeLessThan(MIGRATE_BODY_LIMIT_BYTES);
  });

  it("sends an item bigger than a batch on its own, and nothing for no items", () => {
    expect(migrationBatches([1, 2, 3], { maxBytes: 10, sizeOf: (n) => (n === 2 ? 50 : 4) })).toEqual([[1], [2], [3]]);
    expect(migrationBatches([1, 2, 3], { maxBytes: 10, sizeOf: () => 4 })).toEqual([[1, 2], [3]]);
    expect(migrationBatches([])).toEqual([]);
  });
});

describe("jsonBytes", () => {
  it("counts UTF-8 bytes of the JSON, as the server reads them, plus a separator", () => {
    expect(jsonBytes("a")).toBe(4);
    expect(jsonBytes("é")).toBe(5);
    expect(jsonBytes("我")).toBe(6);
    expect(jsonBytes("💕")).toBe(7);
    expect(jsonBytes({ text: "a💕é我" })).toBe(Buffer.byteLength(JSON.stringify({ text: "a💕é我" })) + 1);
  });
});
