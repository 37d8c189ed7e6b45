import { detectSpeechRecognition, startLiveTranscriptAid, type SpeechRecognitionLike } from "./speech-recognition";

// The live-transcript aid against a fake SpeechRecognition, with fake timers: when it restarts, when it does not, and
// that it is simply absent where the browser has none.

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

const instances: FakeRecognition[] = [];
class FakeRecognition implements SpeechRecognitionLike {
  lang = "";
  continuous = false;
  interimResults = true;
  onresult: SpeechRecognitionLike["onresult"] = null;
  onend: SpeechRecognitionLike["onend"] = null;
  onerror: SpeechRecognitionLike["onerror"] = null;
  started = 0;
  stopped = 0;
  aborted = 0;
  constructor() {
    instances.push(this);
  }
  start() {
    this.started++;
  }
  stop() {
    this.stopped++;
    this.onend?.();
  }
  abort() {
    this.aborted++;
    this.onerror?.({ error: "aborted" });
    this.onend?.();
  }
  end(error?: string) {
    if (error) this.onerror?.({ error });
    this.onend?.();
  }
  say(text: string, isFinal = true) {
    const result = Object.assign([{ transcript: text }], { isFinal });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

beforeEach(() => {
  instances.length = 0;
  jest.useFakeTimers({ now: 0 });
});
afterEach(() => jest.useRealTimers());

const start = (userAgent = DESKTOP, onText: (text: string) => void = () => undefined) =>
  startLiveTranscriptAid({ lang: "en-US", onText }, { Recognition: FakeRecognition, userAgent, random: () => 0.5 })!;

describe("live transcript aid", () => {
  it("is absent where the browser has no speech recognition", () => {
    expect(detectSpeechRecognition({})).toBeNull();
    expect(detectSpeechRecognition(undefined)).toBeNull();
    expect(detectSpeechRecognition({ webkitSpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
    expect(startLiveTranscriptAid({ lang: "en-US", onText: () => undefined }, { Recognition: null })).toBeNull();
  });

  it("listens continuously in the recording language and reports final phrases only", () => {
    const texts: string[] = [];
    start(DESKTOP, (text) => texts.push(text));
    const recognition = instances[0]!;
    expect(recognition).toMatchObject({ lang: "en-US", continuous: true, interimResults: false, started: 1 });
    recognition.say("not yet", false);
    recognition.say(" We argued about chores. ");
    expect(texts).toEqual(["We argued about chores."]);
  });

  it("restarts 50 ms after an end or an error, but not after 'aborted'", () => {
    start();
    instances[0]!.end();
    jest.advanceTimersByTime(49);
    expect(instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(instances).toHaveLength(2);
    instances[1]!.end("no-speech");
    jest.advanceTimersByTime(50);
    expect(instances).toHaveLength(3);
    instances[2]!.end("aborted");
    jest.advanceTimersByTime(1_000);
    expect(instances).toHaveLength(3);
  });

  it("restarts proactively every 15 s", () => {
    start();
    jest.advanceTimersByTime(14_999);
    expect(instances[0]!.stopped).toBe(0);
    jest.advanceTimersByTime(1);
    expect(instances[0]!.stopped).toBe(1);
    jest.advanceTimersByTime(50);
    expect(instances).toHaveLength(2);
  });

  it("on Android Chrome: not continuous, every 30 s, 300 to 500 ms before a restart", () => {
    start(ANDROID);
    expect(instances[0]!.continuous).toBe(false);
    jest.advanceTimersByTime(29_999);
    expect(instances[0]!.stopped).toBe(0);
    jest.advanceTimersByTime(1);
    jest.advanceTimersByTime(399);
    expect(instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(instances).toHaveLength(2);
  });

  it("stop ends listening for good", () => {
    const aid = start();
    aid.stop();
    expect(instances[0]!.aborted).toBe(1);
    jest.advanceTimersByTime(60_000);
    expect(instances).toHaveLength(1);
  });
});
