import { jsonNestsDeeperThan } from "./json-depth";
import { findUnstorableJson } from "./storable-json";

const nestedArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("jsonNestsDeeperThan", () => {
  it.each([
    ["arrays", nestedArrays],
    ["objects", nestedObjects],
  ])("accepts %s nested up to the limit and refuses one level more", (_, nested) => {
    expect(jsonNestsDeeperThan(nested(32), 32)).toBe(false);
    expect(jsonNestsDeeperThan(nested(33), 32)).toBe(true);
  });

  it("agrees with findUnstorableJson on the parsed value", () => {
    for (const depth of [1, 31, 32, 33, 40]) {
      const text = nestedObjects(depth);
      expect(jsonNestsDeeperThan(text, 32)).toBe(findUnstorableJson(JSON.parse(text), 32) !== null);
    }
  });

  it.each([
    ['{"text":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}'],
    ['{"text":"a \\" [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}'],
    ['{"text":"ends with a backslash \\\\","more":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}'],
  ])("does not count brackets inside strings: %s", (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonNestsDeeperThan(text, 32)).toBe(false);
  });

  it("counts brackets after a string that ends in an escaped backslash", () => {
    const text = `{"text":"\\\\","b":${nestedArrays(40)}}`;
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonNestsDeeperThan(text, 32)).toBe(true);
  });

  it("crosses eight megabytes of base64 in a string quickly", () => {
    const text = JSON.stringify({ audio: "QUJD".repeat(2_000_000), mimeType: "audio/webm" });
    const started = performance.now();
    expect(jsonNestsDeeperThan(text, 32)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
