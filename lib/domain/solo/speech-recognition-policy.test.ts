import { isAndroidChrome, recognitionPolicy, shouldRestart } from "./speech-recognition-policy";

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

describe("speech recognition restart policy", () => {
  it.each([
    [ANDROID_CHROME, true],
    [DESKTOP_CHROME, false],
    [IPHONE_SAFARI, false],
  ])("%s is Android Chrome: %s", (agent, expected) => {
    expect(isAndroidChrome(agent)).toBe(expected);
  });

  it("restarts every 15 s with a 50 ms delay, continuously, outside Android", () => {
    const policy = recognitionPolicy(DESKTOP_CHROME);
    expect(policy).toMatchObject({ continuous: true, restartEveryMs: 15_000 });
    expect(policy.restartDelayMs(() => 0.9)).toBe(50);
  });

  it("restarts every 30 s with a 300 to 500 ms delay, not continuously, on Android Chrome", () => {
    const policy = recognitionPolicy(ANDROID_CHROME);
    expect(policy).toMatchObject({ continuous: false, restartEveryMs: 30_000 });
    expect(policy.restartDelayMs(() => 0)).toBe(300);
    expect(policy.restartDelayMs(() => 0.5)).toBe(400);
    expect(policy.restartDelayMs(() => 0.999999)).toBe(500);
  });

  it.each([
    [true, undefined, true],
    [true, "no-speech", true],
    [true, "network", true],
    [true, "aborted", false],
    [false, undefined, false],
    [false, "no-speech", false],
  ])("listening %s, error %s → restart %s", (listening, error, expected) => {
    expect(shouldRestart({ listening, error })).toBe(expected);
  });
});
