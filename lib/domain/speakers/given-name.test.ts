import { givenName } from "./given-name";

describe("givenName", () => {
  it("is the own string given to the speaker", () => {
    expect(givenName({ SPEAKER_01: "Ana" }, "SPEAKER_01")).toBe("Ana");
    expect(givenName({ __proto__: "Ana" } as unknown as Record<string, string>, "__proto__")).toBeUndefined();
    expect(givenName(JSON.parse('{"__proto__":"Ana"}'), "__proto__")).toBe("Ana");
  });

  it("never finds Object.prototype's members, nor anything but a string", () => {
    for (const id of ["__proto__", "constructor", "toString", "hasOwnProperty"]) expect(givenName({}, id)).toBeUndefined();
    expect(givenName({ A: 5 }, "A")).toBeUndefined();
    expect(givenName(undefined, "A")).toBeUndefined();
  });
});
