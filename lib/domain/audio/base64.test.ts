import { base64DecodedBytes, isStrictBase64, isValidSavedAudio, stripDataUrlPrefix } from "./base64";

describe("isValidSavedAudio", () => {
  it.each([
    ["GkXfow==", true],
    ["GkXf\nowAA", true], // a line break is stripped, 8 characters remain
    ["GkXfo", false],
    ["", false],
    ["!!!!", false],
    [null, false],
    [42, false],
  ])("%j → %s", (value, expected) => {
    expect(isValidSavedAudio(value)).toBe(expected);
  });
});

describe("base64 helpers", () => {
  it("strips a data URL prefix", () => {
    expect(stripDataUrlPrefix("data:audio/webm;codecs=opus;base64,GkXfow==")).toBe("GkXfow==");
    expect(stripDataUrlPrefix("GkXfow==")).toBe("GkXfow==");
  });

  it("computes decoded sizes", () => {
    expect(base64DecodedBytes(Buffer.from("hello").toString("base64"))).toBe(5);
    expect(base64DecodedBytes(Buffer.from("hell").toString("base64"))).toBe(4);
    expect(base64DecodedBytes(Buffer.from("hel").toString("base64"))).toBe(3);
  });

  it("accepts only strict base64 for uploads", () => {
    expect(isStrictBase64("GkXfow==")).toBe(true);
    expect(isStrictBase64("GkXf ow=")).toBe(false);
    expect(isStrictBase64("GkX=fow=")).toBe(false);
    expect(isStrictBase64("")).toBe(false);
  });
});
