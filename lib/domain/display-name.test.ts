import { initialOf, isSavableNameChange, resolveDisplayName } from "./display-name";

describe("resolveDisplayName", () => {
  it.each([
    [{ storedName: "Sam", fullName: "Samuel Doe", firstName: "Samuel" }, "Sam"],
    [{ storedName: "  ", fullName: "Samuel Doe", firstName: "Samuel" }, "Samuel Doe"],
    [{ fullName: null, firstName: "Samuel" }, "Samuel"],
    [{}, "User"],
  ])("%j → %s", (sources, expected) => {
    expect(resolveDisplayName(sources)).toBe(expected);
  });
});

describe("initialOf", () => {
  it("takes the first character, upper-cased, including non-Latin names", () => {
    expect(initialOf("ana")).toBe("A");
    expect(initialOf("  łucja")).toBe("Ł");
    expect(initialOf("")).toBe("U");
  });
});

describe("isSavableNameChange", () => {
  it("saves only non-empty, changed, trimmed names", () => {
    expect(isSavableNameChange("Ana", "Ana ")).toBe(false);
    expect(isSavableNameChange("Ana", "   ")).toBe(false);
    expect(isSavableNameChange("Ana", "Anna")).toBe(true);
  });
});
