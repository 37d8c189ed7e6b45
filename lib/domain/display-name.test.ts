import { initialOf, isSavableNameChange, resolveDisplayName, resolveOwnName } from "./display-name";
import { realtimeSessionRequestSchema } from "./solo/realtime-session-request";
import { transcribeRequestSchema } from "./transcription/transcribe-request";

describe("resolveDisplayName", () => {
  it.each([
    [{ storedName: "Sam", fullName: "Samuel Doe", firstName: "Samuel" }, "Sam"],
    [{ storedName: "  ", fullName: "Samuel Doe", firstName: "Samuel" }, "Samuel Doe"],
    [{ fullName: null, firstName: "Samuel" }, "Samuel"],
    [{}, "User"],
    [{ storedName: "\u200B", fullName: "Samuel Doe" }, "Samuel Doe"],
  ])("%j → %s", (sources, expected) => {
    expect(resolveDisplayName(sources)).toBe(expected);
  });

  it("cuts a long account name to 80 without splitting an emoji, so the solo coach and its transcription accept it", () => {
    // The identity provider's full name may be longer than 80: the solo coach's session (user label, at most 80) and the
    // solo transcription (speaker name, at most 80) were refused with 400, so the coach could not start.
    const fullName = `${"Maria Guadalupe Fernández de la Concepción ".repeat(2)}🌻 Villaseñor`;
    const name = resolveDisplayName({ fullName });
    expect(name).toBe("Maria Guadalupe Fernández de la Concepción Maria Guadalupe Fernández de la Conce");
    expect(realtimeSessionRequestSchema.safeParse({ userLabel: name }).success).toBe(true);
    expect(transcribeRequestSchema.safeParse({ audio: "AAAA", speakerName: name, soloMode: true }).success).toBe(true);
    expect(resolveDisplayName({ fullName: `${"x".repeat(79)}🌻` })).toBe("x".repeat(79));
  });
});

describe("initialOf", () => {
  it("takes the first character, upper-cased, including non-Latin names", () => {
    expect(initialOf("ana")).toBe("A");
    expect(initialOf("  łucja")).toBe("Ł");
    expect(initialOf("")).toBe("U");
  });

  it("takes a flag or an emoji with its skin tone whole, and a letter with its combining accent", () => {
    // Array.from took the first code point: half a flag (a boxed "D") or the emoji without its skin tone.
    expect(initialOf("🇩🇪 Max")).toBe("🇩🇪");
    expect(initialOf("👍🏽 Sam")).toBe("👍🏽");
    expect(initialOf("e\u0301mile")).toBe("E\u0301");
    expect(initialOf("\u200Bana")).toBe("U");
  });
});

describe("resolveOwnName", () => {
  it("is the same name where there is one, and null (not the profile's 'User') where there is none", () => {
    expect(resolveOwnName({ storedName: " Sam ", fullName: "Samuel Doe" })).toBe("Sam");
    expect(resolveOwnName({ fullName: "Samuel Doe" })).toBe("Samuel Doe");
    expect(resolveOwnName({})).toBeNull();
    expect(resolveOwnName({ storedName: "\u200B", fullName: "  " })).toBeNull();
  });
});

describe("isSavableNameChange", () => {
  it("saves only non-empty, changed, trimmed names", () => {
    expect(isSavableNameChange("Ana", "Ana ")).toBe(false);
    expect(isSavableNameChange("Ana", "   ")).toBe(false);
    expect(isSavableNameChange("Ana", "Anna")).toBe(true);
    expect(isSavableNameChange("Ana", "\u200B")).toBe(false);
    expect(isSavableNameChange("Ana", " \u200B\u200D ")).toBe(false);
  });
});
