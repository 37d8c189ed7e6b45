import { initialOf, isSavableNameChange, resolveDisplayName } from "./display-name";
import { realtimeSessionRequestSchema } from "./solo/realtime-session-request";
import { transcribeRequestSchema } from "./transcription/transcribe-request";

describe("resolveDisplayName", () => {
  it.each([
    [{ storedName: "Sam", fullName: "Samuel Doe", firstName: "Samuel" }, "Sam"],
    [{ storedName: "  ", fullName: "Samuel Doe", firstName: "Samuel" }, "Samuel Doe"],
    [{ fullName: null, firstName: "Samuel" }, "Samuel"],
    [{}, "User"],
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
});

describe("isSavableNameChange", () => {
  it("saves only non-empty, changed, trimmed names", () => {
    expect(isSavableNameChange("Ana", "Ana ")).toBe(false);
    expect(isSavableNameChange("Ana", "   ")).toBe(false);
    expect(isSavableNameChange("Ana", "Anna")).toBe(true);
  });
});
