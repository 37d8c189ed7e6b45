import { mergeSpeakerNames, nameSpeakerLabels, sessionSpeakerNames, speakerNameOf } from "./speaker-names";

describe("mergeSpeakerNames", () => {
  it.each([
    ["one source, trimmed", [{ SPEAKER_01: " Ana " }], { SPEAKER_01: "Ana" }],
    ["the earlier source wins", [{ SPEAKER_01: "Ana" }, { SPEAKER_01: "Me", SPEAKER_02: "Ben" }], { SPEAKER_01: "Ana", SPEAKER_02: "Ben" }],
    ["a blank name falls through", [{ SPEAKER_01: " " }, { SPEAKER_01: "Ana" }], { SPEAKER_01: "Ana" }],
    ["non-strings and malformed sources are skipped", [{ SPEAKER_01: 7 }, null, "Ana", ["Ben"], undefined], {}],
    ["no sources", [], {}],
  ])("%s", (_name, sources, expected) => {
    expect(mergeSpeakerNames(...sources)).toEqual(expected);
  });
});

describe("sessionSpeakerNames", () => {
  it.each([
    ["session names", { speakerNames: { SPEAKER_01: "Ana" } }, { SPEAKER_01: "Ana" }],
    ["analysis names", { analysis: { speakerNames: { SPEAKER_01: "Ana" } } }, { SPEAKER_01: "Ana" }],
    [
      "session over analysis",
      { speakerNames: { SPEAKER_01: "Ana" }, analysis: { speakerNames: { SPEAKER_01: "Me", SPEAKER_02: "Ben" } } },
      { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
    ],
    ["none", { analysis: "malformed" }, {}],
  ])("%s", (_name, session, expected) => {
    expect(sessionSpeakerNames(session)).toEqual(expected);
  });
});

describe("nameSpeakerLabels", () => {
  const names = { SPEAKER_01: "Ana", SPEAKER_02: "Ben", A: "Alex" };
  it.each([
    ["line labels", "SPEAKER_01: Hi\nSPEAKER_02: Hello", "Ana: Hi\nBen: Hello"],
    ["numbered line labels", "1. SPEAKER_01: Hi\n2) SPEAKER_02: Hello", "1. Ana: Hi\n2) Ben: Hello"],
    ["any named id as a label", "A: Hi", "Alex: Hi"],
    ["a SPEAKER id inside a line", "I agree with SPEAKER_02.", "I agree with Ben."],
    ["other words are left alone", "A day with SPEAKER_010 and SPEAKER_03: ok", "A day with SPEAKER_010 and SPEAKER_03: ok"],
    ["an unnamed label stays", "SPEAKER_03: Hi", "SPEAKER_03: Hi"],
    ["a colon later in the line is not a label", "Ana said: SPEAKER_01 is me", "Ana said: Ana is me"],
    ["inherited keys are not names", "constructor: hi", "constructor: hi"],
  ])("%s", (_name, text, expected) => {
    expect(nameSpeakerLabels(text, names)).toBe(expected);
  });
});

describe("speakerNameOf", () => {
  it.each([
    ["a given name", "SPEAKER_01", "Ana"],
    ["no name: the id", "SPEAKER_02", "SPEAKER_02"],
    ["inherited keys are not names", "constructor", "constructor"],
  ])("%s", (_name, speaker, expected) => {
    expect(speakerNameOf({ SPEAKER_01: "Ana" }, speaker)).toBe(expected);
  });
});
