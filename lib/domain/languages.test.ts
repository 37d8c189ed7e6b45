import { isRecordingLanguage, RECORDING_LANGUAGES } from "./languages";

describe("recording languages", () => {
  it("offers 25 distinct languages from en-US through bn-BD", () => {
    expect(RECORDING_LANGUAGES).toHaveLength(25);
    expect(new Set(RECORDING_LANGUAGES.map((language) => language.code)).size).toBe(25);
    expect(RECORDING_LANGUAGES[0]?.code).toBe("en-US");
    expect(RECORDING_LANGUAGES.at(-1)?.code).toBe("bn-BD");
  });

  it("recognises only offered codes", () => {
    expect(isRecordingLanguage("de-DE")).toBe(true);
    expect(isRecordingLanguage("xx-XX")).toBe(false);
  });
});
