import { base64DecodedBytes, isStrictBase64, isValidSavedAudio, STRICT_BASE64, stripDataUrlPrefix } from "./base64";

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
    expect(isStrictBase64("====")).toBe(false);
    expect(isStrictBase64("A===")).toBe(false);
    expect(isStrictBase64("AA==AAAA")).toBe(false);
    expect(isStrictBase64("QUJD\u00e9A==")).toBe(false);
  });

  it("answers like the strict regex on any string (the server's native check)", () => {
    // Strings near the alphabet, with padding, whitespace, non-ASCII and misplaced "=" mixed in at random.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const noise = ["=", " ", "\n", "-", "_", "!", "\u00e9", "\0", "=="];
    let seed = 17;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let run = 0; run < 5000; run++) {
      let value = "";
      const length = Math.floor(random() * 24);
      for (let index = 0; index < length; index++)
        value += random() < 0.9 ? alphabet[Math.floor(random() * alphabet.length)] : noise[Math.floor(random() * noise.length)];
      if (random() < 0.3) value += random() < 0.5 ? "=" : "==";
      const expected = value.length > 0 && value.length % 4 === 0 && STRICT_BASE64.test(value);
      expect([value, isStrictBase64(value)]).toEqual([value, expected]);
    }
  });
});
