import { checkSessionValidity } from "./session-validity";

describe("checkSessionValidity", () => {
  it.each([
    ["valid", { id: "s1", analysis: { cards: [] }, followUpTranscripts: [{ transcript: "x" }] }, true, [], []],
    ["missing analysis only warns", { id: "s1" }, true, [], ["Session has no analysis."]],
    ["null follow-ups mean none", { id: "s1", analysis: {}, followUpTranscripts: null }, true, [], []],
    ["missing session", null, false, ["Session is missing."], []],
    ["array is not a session", [], false, ["Session is missing."], []],
    ["no id", { analysis: {} }, false, ["Session has no id."], []],
    ["blank id", { id: " ", analysis: {} }, false, ["Session has no id."], []],
    ["follow-ups not an array", { id: "s", analysis: {}, followUpTranscripts: "x" }, false, ["followUpTranscripts must be an array."], []],
    [
      "follow-up items",
      { id: "s", analysis: {}, followUpTranscripts: [{ transcript: "ok" }, { transcript: 1 }, "x"] },
      false,
      ["followUpTranscripts[1] must be an object with a string transcript.", "followUpTranscripts[2] must be an object with a string transcript."],
      [],
    ],
    ["analysis follow-ups not an array", { id: "s", analysis: { followUpTranscripts: {} } }, false, ["analysis.followUpTranscripts must be an array."], []],
    ["analysis not an object", { id: "s", analysis: "x" }, false, ["analysis must be an object."], []],
    [
      "several problems at once",
      { followUpTranscripts: 1 },
      false,
      ["Session has no id.", "followUpTranscripts must be an array."],
      ["Session has no analysis."],
    ],
  ])("%s", (_name, session, valid, errors, warnings) => {
    expect(checkSessionValidity(session)).toEqual({ valid, errors, warnings });
  });
});
