import { decodeListCursor, encodeListCursor } from "./list-cursor";

describe("list cursor", () => {
  it.each([
    ["a uuid", new Date(Date.UTC(2026, 10, 23, 13, 40, 17, 123)), "0b6f0a52-2d8e-4a8e-9d7e-1c2f3a4b5c6d"],
    ["the epoch itself", new Date(0), "a"],
    ["a browser id", new Date(Date.UTC(2030, 0, 1)), "local-1732250000000"],
  ])("round-trips %s", (_name, at, id) => {
    const cursor = encodeListCursor({ at, id });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(cursor)).toEqual({ at, id });
  });

  it("tells apart two sessions of the same instant", () => {
    const at = new Date(Date.UTC(2026, 0, 1));
    expect(encodeListCursor({ at, id: "a" })).not.toBe(encodeListCursor({ at, id: "b" }));
  });

  const encode = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  it.each([
    ["empty", ""],
    ["not base64url", "abc$def"],
    ["padding", `${encode("v1:1:a")}=`],
    ["too long", "A".repeat(201)],
    ["undecodable base64", "A"],
    ["another version", encode("v2:1:a")],
    ["no id", encode("v1:1:")],
    ["an id the server never issues", encode("v1:1:a/b")],
    ["a negative time", encode("v1:-1:a")],
    ["a fractional time", encode("v1:1.5:a")],
    ["a time beyond a Date", encode("v1:9000000000000000:a")],
    ["extra parts", encode("v1:1:a:b")],
    ["SQL", encode("v1:1:' OR 1=1 --")],
  ])("refuses %s", (_name, cursor) => {
    expect(decodeListCursor(cursor)).toBeNull();
  });
});
