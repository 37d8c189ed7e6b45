import { addDeletedId, DELETED_IDS_CAP, parseDeletedIds } from "./deleted-ids";

describe("addDeletedId", () => {
  it.each([
    ["append", ["a"], "b", ["a", "b"]],
    ["no duplicate, moves to newest", ["a", "b", "c"], "a", ["b", "c", "a"]],
    ["empty id ignored", ["a"], "", ["a"]],
  ])("%s", (_name, list, id, expected) => {
    expect(addDeletedId(list, id)).toEqual(expected);
  });

  it("keeps the newest 100", () => {
    const full = Array.from({ length: DELETED_IDS_CAP }, (_, i) => `id-${i}`);
    const next = addDeletedId(full, "new");
    expect(next).toHaveLength(DELETED_IDS_CAP);
    expect(next[0]).toBe("id-1");
    expect(next.at(-1)).toBe("new");
    expect(full).toHaveLength(DELETED_IDS_CAP);
  });
});

describe("parseDeletedIds", () => {
  it.each([
    ["not an array", { a: 1 }, []],
    ["null", null, []],
    ["cleans", ["a", 3, "a", "", null, "b"], ["a", "b"]],
    ["caps", Array.from({ length: 150 }, (_, i) => `x${i}`), Array.from({ length: 100 }, (_, i) => `x${i + 50}`)],
  ])("%s", (_name, raw, expected) => {
    expect(parseDeletedIds(raw)).toEqual(expected);
  });
});
