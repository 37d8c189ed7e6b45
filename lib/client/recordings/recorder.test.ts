/** @jest-environment jsdom */
import { setImmediate as realTurn } from "node:timers";
import { deserialize, serialize } from "node:v8";
import { IDBKeyRange, IDBObjectStore, indexedDB } from "fake-indexeddb";

import {
  AudioStorageError,
  deleteRecording,
  listStoredRecordings,
  PART_CHUNK_STRIDE,
  readRecordingBlob,
  readRecordingParts,
  RecordingInPartsError,
} from "./audio-store";
import { CONTEXT_RESUME_TIMEOUT_MS } from "./microphone-graph";
import { MICROPHONE_OPEN_TIMEOUT_MS } from "./open-microphone";
import {
  AUDIO_CONSTRAINTS,
  blobToBase64,
  createAudioRecorder,
  CUT_RETRY_MS,
  MicrophonePermissionError,
  RECONNECT_RETRY_MS,
  RECORDER_MESSAGES,
  RecorderError,
  RecorderUnsupportedError,
} from "./recorder";
import { isRecordingSupported } from "./recording-support";

// jsdom has neither structuredClone (fake-indexeddb needs it) nor Blob.arrayBuffer (the store then reads chunks
// with FileReader, as older Safari does).
beforeAll(() => {
  globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
  Object.assign(globalThis, { indexedDB, IDBKeyRange });
});

let supportedTypes: string[];

class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  /** How many of the next constructions throw, as a browser refusing a new recorder would. */
  static failures = 0;
  static isTypeSupported = jest.fn((type: string) => supportedTypes.includes(type));
  state: RecordingState = "inactive";
  mimeType: string;
  timeslice: number | undefined;
  finalChunk: number[] | null = [99];

  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions = {},
  ) {
    super();
    if (FakeMediaRecorder.failures > 0) {
      FakeMediaRecorder.failures -= 1;
      throw new DOMException("no more encoders", "NotSupportedError");
    }
    this.mimeType = options.mimeType ?? "";
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = "recording";
    this.mimeType ||= "audio/webm;codecs=opus"; // what Chrome picks by itself
  }
  stop() {
    this.state = "inactive";
    // As in browsers: the last dataavailable, then stop, both after stop() returns.
    setTimeout(() => {
      if (this.finalChunk) this.emit(this.finalChunk);
      this.dispatchEvent(new Event("stop"));
    }, 0);
  }
  emit(bytes: number[]) {
    this.dispatchEvent(Object.assign(new Event("dataavailable"), { data: new Blob([new Uint8Array(bytes)], { type: this.mimeType }) }));
  }
}

// The microphone of most tests: live, and never lost.
const track = { stop: jest.fn(), readyState: "live", addEventListener: () => undefined };
const getUserMedia = jest.fn();

// A microphone that can be unplugged. Like a browser, stop() ends the track without an "ended" event.
class FakeTrack extends EventTarget {
  readyState: MediaStreamTrackState = "live";
  stop = jest.fn(() => {
    this.readyState = "ended";
  });
  unplug() {
    this.readyState = "ended";
    this.dispatchEvent(new Event("ended"));
  }
}
class FakeStream extends EventTarget {
  readonly tracks = [new FakeTrack()];
  get track() {
    return this.tracks[0] as FakeTrack;
  }
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}

// How the fake AudioContext answers resume(): Chrome after a gesture runs; iOS Safari without one hangs or stays suspended.
let resumeBehaviour: "runs" | "hangs" | "rejects" | "stays suspended";

class FakeSourceNode {
  connect = jest.fn();
  disconnect = jest.fn();
  constructor(readonly mediaStream: FakeStream) {}
}
class FakeDestinationNode {
  channelCount = 2;
  channelCountMode: ChannelCountMode = "max";
  readonly stream = new FakeStream();
}
class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state: AudioContextState = "suspended";
  readonly sources: FakeSourceNode[] = [];
  readonly destinations: FakeDestinationNode[] = [];
  close = jest.fn(async () => {
    this.state = "closed";
  });
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  resume(): Promise<void> {
    if (resumeBehaviour === "runs") this.state = "running";
    if (resumeBehaviour === "rejects") return Promise.reject(new DOMException("no gesture", "NotAllowedError"));
    if (resumeBehaviour === "hangs") return new Promise(() => undefined);
    return Promise.resolve();
  }
  createMediaStreamSource(stream: FakeStream) {
    const source = new FakeSourceNode(stream);
    this.sources.push(source);
    return source;
  }
  createMediaStreamDestination() {
    const destination = new FakeDestinationNode();
    this.destinations.push(destination);
    return destination;
  }
}

async function until(condition: () => boolean | Promise<boolean>) {
  for (let waited = 0; waited < 2_000; waited += 5) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("condition not met in time");
}

async function bytesOf(blob: Blob | null): Promise<number[]> {
  if (!blob) throw new Error("expected a blob");
  const buffer = await new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });
  return Array.from(new Uint8Array(buffer));
}

const lastRecorder = () => FakeMediaRecorder.instances.at(-1) as FakeMediaRecorder;
const lastContext = () => FakeAudioContext.instances.at(-1) as FakeAudioContext;

// Only timeouts are faked: fake-indexeddb and FileReader keep their real scheduling, so stored chunks still land.
function useFakeTimeouts() {
  jest.useFakeTimers({ doNotFake: ["Date", "hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate"] });
}
/** Runs a stop() or cancel() under fake timeouts: the fake MediaRecorder fires "stop" from a zero-delay timeout. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  await jest.advanceTimersByTimeAsync(0);
  return promise;
}
function withWebAudio(name: "AudioContext" | "webkitAudioContext" = "AudioContext") {
  resumeBehaviour = "runs";
  Object.assign(window, { [name]: FakeAudioContext });
}
/** mediaDevices that can announce a plugged-in device, as browsers with devicechange do. */
function withDeviceChanges(): EventTarget {
  const devices = Object.assign(new EventTarget(), { getUserMedia });
  Object.defineProperty(navigator, "mediaDevices", { value: devices, configurable: true });
  return devices;
}
function microphones(count: number): FakeStream[] {
  return Array.from({ length: count }, () => new FakeStream());
}

beforeEach(() => {
  supportedTypes = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg"];
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.failures = 0;
  FakeAudioContext.instances = [];
  track.stop.mockClear();
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track], getAudioTracks: () => [track], addEventListener: () => undefined });
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder });
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
});
afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  Reflect.deleteProperty(window, "AudioContext");
  Reflect.deleteProperty(window, "webkitAudioContext");
  for (const recording of await listStoredRecordings()) await deleteRecording(recording.id);
});

describe("createAudioRecorder", () => {
  it("asks for clean mono 16 kHz audio and records Opus at 32 kbps in 500 ms chunks", async () => {
    const recorder = createAudioRecorder({ id: "r1" });
    await recorder.start();

    expect(getUserMedia).toHaveBeenCalledWith({ audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 16000, channelCount: 1 } });
    expect(AUDIO_CONSTRAINTS).toEqual(getUserMedia.mock.calls[0][0]);
    expect(lastRecorder().options).toEqual({ mimeType: "audio/webm;codecs=opus", audioBitsPerSecond: 32000 });
    expect(lastRecorder().timeslice).toBe(500);
    expect(recorder.state).toBe("recording");
    await recorder.cancel();
  });

  it.each([
    [["audio/webm", "audio/ogg"], "audio/webm"],
    [["audio/mp4"], "audio/mp4"],
    [["audio/ogg"], "audio/ogg"],
  ])("falls back through the mime types in order (supported %j → %s)", async (supported, expected) => {
    supportedTypes = supported;
    const recorder = createAudioRecorder({ id: "mime" });
    await recorder.start();
    expect(lastRecorder().options.mimeType).toBe(expected);
    await recorder.cancel();
  });

  it("lets the browser choose when none of the types is supported", async () => {
    supportedTypes = [];
    const recorder = createAudioRecorder({ id: "none" });
    await recorder.start();
    expect(lastRecorder().options).toEqual({ audioBitsPerSecond: 32000 });
    await recorder.cancel();
  });

  it("stores every chunk as it arrives, in order, so a reload loses at most the last one", async () => {
    const stored: number[] = [];
    const recorder = createAudioRecorder({ id: "live", onChunkStored: ({ index }) => stored.push(index) });
    await recorder.start();
    const media = lastRecorder();

    media.emit([1, 2]);
    await until(() => stored.length === 1);
    expect(await bytesOf(await readRecordingBlob("live"))).toEqual([1, 2]);
    expect(await listStoredRecordings()).toMatchObject([{ id: "live", status: "recording", chunkCount: 1, mimeType: "audio/webm;codecs=opus" }]);

    media.emit([3]);
    media.emit([]); // empty chunks are skipped
    media.emit([4, 5]);
    await until(() => stored.length === 3);
    expect(stored).toEqual([0, 1, 2]);
    expect(await bytesOf(await readRecordingBlob("live"))).toEqual([1, 2, 3, 4, 5]);
    await recorder.cancel();
  });

  it("resolves stop only after the final chunk is stored and the recording is marked stopped", async () => {
    jest.spyOn(Date, "now").mockReturnValueOnce(10_000).mockReturnValue(72_500);
    const recorder = createAudioRecorder({ id: "done", mode: "solo" });
    await recorder.start();
    lastRecorder().emit([1]);

    const result = await recorder.stop();
    // Read the store at once: nothing else may give a pending write time to land.
    const [listed, storedBlob] = await Promise.all([listStoredRecordings(), readRecordingBlob("done")]);

    expect(listed).toMatchObject([{ id: "done", status: "stopped", mode: "solo", chunkCount: 2 }]);
    expect(await bytesOf(storedBlob)).toEqual([1, 99]);
    expect(result).toMatchObject({ id: "done", mimeType: "audio/webm;codecs=opus", size: 2, durationMs: 62_500, storedLocally: true });
    expect(await bytesOf(result.blob)).toEqual([1, 99]);
    // A recording shorter than a part is one part, the whole audio.
    expect(result.parts).toEqual([{ index: 0, startMs: 0, blob: result.blob }]);
    expect(track.stop).toHaveBeenCalled();
    expect(recorder.state).toBe("stopped");
  });

  it("cancel stops the microphone and deletes everything recorded", async () => {
    const recorder = createAudioRecorder({ id: "gone" });
    await recorder.start();
    lastRecorder().emit([1, 2, 3]);
    await until(async () => (await listStoredRecordings()).some((r) => r.chunkCount === 1));

    await recorder.cancel();

    expect(track.stop).toHaveBeenCalled();
    expect(await listStoredRecordings()).toEqual([]);
    expect(await readRecordingBlob("gone")).toBeNull();
  });

  it("keeps recording in memory and says so once when the browser cannot store audio", async () => {
    const onError = jest.fn();
    const saved = globalThis.indexedDB;
    Reflect.deleteProperty(globalThis, "indexedDB");
    try {
      const recorder = createAudioRecorder({ id: "private", onError });
      await recorder.start();
      lastRecorder().emit([7]);
      lastRecorder().emit([8]);
      const result = await recorder.stop();

      expect(await bytesOf(result.blob)).toEqual([7, 8, 99]);
      expect(result.storedLocally).toBe(false);
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0][0]).toBeInstanceOf(AudioStorageError);
    } finally {
      globalThis.indexedDB = saved;
    }
  });

  it("hands over the copy in memory, and says so, when the stored copy is gone by the stop (deleted from another tab)", async () => {
    const onError = jest.fn();
    const recorder = createAudioRecorder({ id: "vanishing", onError });
    await recorder.start();
    lastRecorder().emit([5]);
    await until(async () => (await listStoredRecordings()).some((r) => r.id === "vanishing" && r.chunkCount === 1));
    // Another tab that could not see this one's lock (no Web Locks) took the recording for an abandoned one.
    await deleteRecording("vanishing");
    lastRecorder().emit([6]);

    const result = await recorder.stop();

    expect(result.storedLocally).toBe(false);
    expect(await bytesOf(result.blob)).toEqual([5, 6, 99]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toBeInstanceOf(AudioStorageError);
  });

  it("rejects with the spec's messages when nothing was captured or the blob is empty", async () => {
    const silent = createAudioRecorder({ id: "silent" });
    await silent.start();
    lastRecorder().finalChunk = null;
    await expect(silent.stop()).rejects.toThrow(RECORDER_MESSAGES.noAudio);
    expect(RECORDER_MESSAGES.noAudio).toBe("No audio data was captured. Please try recording again.");

    const empty = createAudioRecorder({ id: "empty" });
    await empty.start();
    lastRecorder().finalChunk = [];
    await expect(empty.stop()).rejects.toThrow("Created audio blob is empty...");
    expect(await listStoredRecordings()).toEqual([]);
  });

  it("reports an unsupported browser with the spec's message", async () => {
    Reflect.deleteProperty(globalThis, "MediaRecorder");
    expect(isRecordingSupported()).toBe(false);
    const failure = createAudioRecorder({ id: "old" }).start();
    await expect(failure).rejects.toBeInstanceOf(RecorderUnsupportedError);
    await expect(failure).rejects.toThrow(/^MediaRecorder is not supported in this browser$/);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it("explains a denied microphone clearly", async () => {
    getUserMedia.mockRejectedValue(new DOMException("Permission denied", "NotAllowedError"));
    const failure = createAudioRecorder({ id: "denied" }).start();
    await expect(failure).rejects.toBeInstanceOf(MicrophonePermissionError);
    await expect(failure).rejects.toThrow("Microphone access was denied. Please allow the microphone and try again.");
  });

  it("stop while the microphone is being opened lets the start finish, then stops: no microphone or recorder left running", async () => {
    let grant!: (stream: unknown) => void;
    getUserMedia.mockReturnValue(new Promise((resolve) => (grant = resolve)));
    const recorder = createAudioRecorder({ id: "early-stop" });
    const starting = recorder.start();

    const stopping = recorder.stop();
    expect(recorder.stop()).toBe(stopping);
    grant({ getTracks: () => [track], getAudioTracks: () => [track], addEventListener: () => undefined });
    await starting;
    lastRecorder().finalChunk = [1, 2];
    const audio = await stopping;

    expect(audio).toMatchObject({ id: "early-stop", size: 2 });
    expect(FakeMediaRecorder.instances.map((media) => media.state)).toEqual(["inactive"]);
    expect(track.stop).toHaveBeenCalled();
    expect(recorder.state).toBe("stopped");
    expect(await listStoredRecordings()).toMatchObject([{ id: "early-stop", status: "stopped" }]);
  });

  it("stop while the microphone is being opened rejects when the start fails, and nothing is recorded", async () => {
    let deny!: (error: unknown) => void;
    getUserMedia.mockReturnValue(new Promise((_resolve, reject) => (deny = reject)));
    const recorder = createAudioRecorder({ id: "early-stop-denied" });
    const starting = recorder.start();

    const stopping = recorder.stop();
    deny(new DOMException("Permission denied", "NotAllowedError"));

    await expect(starting).rejects.toBeInstanceOf(MicrophonePermissionError);
    await expect(stopping).rejects.toThrow("The recorder is not recording.");
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(await listStoredRecordings()).toEqual([]);
  });

  it("releases the microphone when the recorder cannot be created", async () => {
    class Broken extends FakeMediaRecorder {
      constructor(stream: MediaStream, options?: MediaRecorderOptions) {
        super(stream, options);
        throw new DOMException("nope", "NotSupportedError");
      }
    }
    Object.assign(globalThis, { MediaRecorder: Broken });
    await expect(createAudioRecorder({ id: "broken" }).start()).rejects.toThrow(RECORDER_MESSAGES.failed);
    expect(track.stop).toHaveBeenCalled();
  });
});

describe("createAudioRecorder with Web Audio", () => {
  it("records the microphone itself where there is no AudioContext; a lost microphone ends the audio, and the caller is told once", async () => {
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValue(mic);
    const onReconnectChange = jest.fn();
    const onMicrophoneEnded = jest.fn();
    const recorder = createAudioRecorder({ id: "direct", onReconnectChange, onMicrophoneEnded });
    await recorder.start();

    expect(lastRecorder().stream).toBe(mic);
    expect(onMicrophoneEnded).not.toHaveBeenCalled();
    mic!.track.unplug();
    expect(onMicrophoneEnded).toHaveBeenCalledTimes(1);
    expect(onReconnectChange).not.toHaveBeenCalled();
    expect(recorder.reconnecting).toBe(false);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await recorder.cancel();
    expect(onMicrophoneEnded).toHaveBeenCalledTimes(1);
  });

  it.each(["AudioContext", "webkitAudioContext"] as const)("records a mono graph fed by the microphone when %s runs", async (name) => {
    withWebAudio(name);
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValue(mic);
    const recorder = createAudioRecorder({ id: `graph-${name}` });
    await recorder.start();

    const context = lastContext();
    const [destination] = context.destinations;
    const [source] = context.sources;
    expect(lastRecorder().stream).toBe(destination!.stream);
    expect(lastRecorder().stream).not.toBe(mic);
    expect(destination).toMatchObject({ channelCount: 1, channelCountMode: "explicit" });
    expect(source!.mediaStream).toBe(mic);
    expect(source!.connect).toHaveBeenCalledWith(destination);
    expect(lastRecorder().options).toEqual({ mimeType: "audio/webm;codecs=opus", audioBitsPerSecond: 32000 });
    expect(lastRecorder().timeslice).toBe(500);

    lastRecorder().emit([5]);
    const result = await recorder.stop();
    expect(await bytesOf(result.blob)).toEqual([5, 99]);
    expect(mic!.track.stop).toHaveBeenCalled();
    expect(context.close).toHaveBeenCalled();
  });

  it("records the microphone directly when the context is still suspended after the timeout", async () => {
    useFakeTimeouts();
    withWebAudio();
    resumeBehaviour = "hangs";
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValue(mic);
    const recorder = createAudioRecorder({ id: "ios" });
    const starting = recorder.start();

    await jest.advanceTimersByTimeAsync(CONTEXT_RESUME_TIMEOUT_MS - 1);
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    await starting;

    expect(recorder.state).toBe("recording");
    expect(lastRecorder().stream).toBe(mic);
    expect(lastContext().close).toHaveBeenCalled();
    expect(lastContext().sources).toHaveLength(0);
    await settle(recorder.cancel());
  });

  it.each([
    ["resume() rejects", () => (resumeBehaviour = "rejects"), 1],
    ["resume() resolves but the context stays suspended", () => (resumeBehaviour = "stays suspended"), 1],
    [
      "the constructor throws",
      () =>
        Object.assign(window, {
          AudioContext: class {
            constructor() {
              throw new DOMException("too many contexts", "NotSupportedError");
            }
          },
        }),
      0,
    ],
  ])("records the microphone directly when %s", async (_, breakWebAudio, contextsMade) => {
    withWebAudio();
    breakWebAudio();
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValue(mic);
    const recorder = createAudioRecorder({ id: "fallback" });
    await recorder.start();

    expect(lastRecorder().stream).toBe(mic);
    // The context that was made (none when its constructor threw) is closed, not left holding the audio hardware.
    expect(FakeAudioContext.instances).toHaveLength(contextsMade);
    for (const context of FakeAudioContext.instances) expect(context.close).toHaveBeenCalled();
    await recorder.cancel();
  });

  it("reconnects a dropped microphone into the same recording, retrying every second until one answers", async () => {
    useFakeTimeouts();
    withWebAudio();
    const [mic, replacement] = microphones(2);
    getUserMedia
      .mockResolvedValueOnce(mic)
      .mockRejectedValueOnce(new DOMException("no device", "NotFoundError"))
      .mockRejectedValueOnce(new DOMException("no device", "NotFoundError"))
      .mockResolvedValueOnce(replacement);
    const onReconnectChange = jest.fn();
    const stored: number[] = [];
    const recorder = createAudioRecorder({ id: "headset", onReconnectChange, onChunkStored: ({ index }) => stored.push(index) });
    await recorder.start();
    const media = lastRecorder();
    const context = lastContext();
    const [destination] = context.destinations;
    const [firstSource] = context.sources;
    media.emit([1]);

    mic!.track.unplug();
    expect(onReconnectChange.mock.calls).toEqual([[true]]);
    expect(recorder.reconnecting).toBe(true);
    expect(getUserMedia).toHaveBeenCalledTimes(2); // at once
    await jest.advanceTimersByTimeAsync(0);
    media.emit([2]); // the recorder carries on through the gap

    await jest.advanceTimersByTimeAsync(RECONNECT_RETRY_MS - 1);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(getUserMedia).toHaveBeenCalledTimes(3);
    expect(recorder.reconnecting).toBe(true);
    await jest.advanceTimersByTimeAsync(RECONNECT_RETRY_MS);
    expect(getUserMedia).toHaveBeenCalledTimes(4);
    expect(getUserMedia).toHaveBeenLastCalledWith(AUDIO_CONSTRAINTS);

    expect(onReconnectChange.mock.calls).toEqual([[true], [false]]);
    expect(recorder.reconnecting).toBe(false);
    expect(firstSource!.disconnect).toHaveBeenCalled();
    expect(mic!.track.stop).toHaveBeenCalled();
    const newSource = context.sources[1];
    expect(newSource!.mediaStream).toBe(replacement);
    expect(newSource!.connect).toHaveBeenCalledWith(destination);
    expect(FakeMediaRecorder.instances).toEqual([media]);
    expect(media.state).toBe("recording");
    await jest.advanceTimersByTimeAsync(10 * RECONNECT_RETRY_MS);
    expect(getUserMedia).toHaveBeenCalledTimes(4); // no retries once audio flows again
    media.emit([3]);

    jest.useRealTimers();
    await until(() => stored.length === 3);
    expect(stored).toEqual([0, 1, 2]);
    expect(await listStoredRecordings()).toMatchObject([{ id: "headset", status: "recording", chunkCount: 3 }]);
    const result = await recorder.stop();
    expect(await bytesOf(result.blob)).toEqual([1, 2, 3, 99]);
    expect(await bytesOf(await readRecordingBlob("headset"))).toEqual([1, 2, 3, 99]);
    expect(replacement!.track.stop).toHaveBeenCalled();
    expect(context.close).toHaveBeenCalled();
  });

  it("watches the new microphone too, so a second drop reconnects again", async () => {
    useFakeTimeouts();
    withWebAudio();
    const [first, second, third] = microphones(3);
    getUserMedia.mockResolvedValueOnce(first).mockResolvedValueOnce(second).mockResolvedValueOnce(third);
    const onReconnectChange = jest.fn();
    const recorder = createAudioRecorder({ id: "twice", onReconnectChange });
    await recorder.start();

    first!.track.unplug();
    await jest.advanceTimersByTimeAsync(0);
    second!.track.unplug();
    await jest.advanceTimersByTimeAsync(0);

    expect(onReconnectChange.mock.calls).toEqual([[true], [false], [true], [false]]);
    expect(lastContext().sources.map((source) => source.mediaStream)).toEqual([first, second, third]);
    expect(lastContext().sources[1]!.disconnect).toHaveBeenCalled();
    await settle(recorder.cancel());
  });

  it("runs one reconnect loop for an ended track and an inactive stream, and for a track already dead at start", async () => {
    useFakeTimeouts();
    withWebAudio();
    const [mic] = microphones(1);
    mic!.track.readyState = "ended"; // lost during the context's start
    getUserMedia.mockResolvedValueOnce(mic).mockRejectedValue(new DOMException("no device", "NotFoundError"));
    const onReconnectChange = jest.fn();
    const recorder = createAudioRecorder({ id: "once", onReconnectChange });
    await recorder.start();

    expect(recorder.reconnecting).toBe(true);
    mic!.track.dispatchEvent(new Event("ended"));
    mic!.dispatchEvent(new Event("inactive"));
    await jest.advanceTimersByTimeAsync(0);

    expect(onReconnectChange.mock.calls).toEqual([[true]]);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(3 * RECONNECT_RETRY_MS);
    expect(getUserMedia).toHaveBeenCalledTimes(5);
    await settle(recorder.cancel());
  });

  it("stop while waiting to retry ends the loop, closes the context and keeps the recording", async () => {
    useFakeTimeouts();
    withWebAudio();
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValueOnce(mic).mockRejectedValue(new DOMException("no device", "NotFoundError"));
    const onReconnectChange = jest.fn();
    const recorder = createAudioRecorder({ id: "stop-waiting", onReconnectChange });
    await recorder.start();
    const context = lastContext();
    context.close.mockRejectedValue(new DOMException("already closed", "InvalidStateError"));
    lastRecorder().emit([4]);
    mic!.track.unplug();
    await jest.advanceTimersByTimeAsync(0);
    expect(getUserMedia).toHaveBeenCalledTimes(2);

    const result = await settle(recorder.stop());
    await jest.advanceTimersByTimeAsync(10 * RECONNECT_RETRY_MS);

    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(recorder.reconnecting).toBe(false);
    expect(onReconnectChange.mock.calls).toEqual([[true], [false]]);
    expect(context.close).toHaveBeenCalled();
    expect(await bytesOf(result.blob)).toEqual([4, 99]);
    expect(recorder.state).toBe("stopped");
  });

  it("stop during a pending attempt releases the microphone that arrives late and never connects it", async () => {
    useFakeTimeouts();
    withWebAudio();
    const devices = withDeviceChanges();
    const [mic, late] = microphones(2);
    let answer: (stream: FakeStream) => void = () => undefined;
    getUserMedia.mockResolvedValueOnce(mic).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const recorder = createAudioRecorder({ id: "late" });
    await recorder.start();
    const context = lastContext();
    lastRecorder().emit([1]);
    mic!.track.unplug();
    devices.dispatchEvent(new Event("devicechange")); // never a second request while one is pending
    expect(getUserMedia).toHaveBeenCalledTimes(2);

    await settle(recorder.stop());
    answer(late!);
    await jest.advanceTimersByTimeAsync(10 * RECONNECT_RETRY_MS);

    expect(late!.track.stop).toHaveBeenCalled();
    expect(context.sources).toHaveLength(1);
    expect(context.close).toHaveBeenCalled();
    expect(mic!.track.stop).toHaveBeenCalled();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it("cancel while reconnecting closes everything and listens for devices no more", async () => {
    useFakeTimeouts();
    withWebAudio();
    const devices = withDeviceChanges();
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValueOnce(mic).mockRejectedValue(new DOMException("no device", "NotFoundError"));
    const onReconnectChange = jest.fn();
    const recorder = createAudioRecorder({ id: "cancel-gap", onReconnectChange });
    await recorder.start();
    mic!.track.unplug();
    await jest.advanceTimersByTimeAsync(0);

    await settle(recorder.cancel());
    devices.dispatchEvent(new Event("devicechange"));
    await jest.advanceTimersByTimeAsync(10 * RECONNECT_RETRY_MS);

    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(recorder.state).toBe("cancelled");
    expect(recorder.reconnecting).toBe(false);
    expect(onReconnectChange.mock.calls).toEqual([[true], [false]]);
    expect(lastContext().close).toHaveBeenCalled();
    expect(mic!.track.stop).toHaveBeenCalled();
    jest.useRealTimers();
    expect(await listStoredRecordings()).toEqual([]);
  });

  it("cancel while the context is starting releases the microphone and closes the context once it runs", async () => {
    withWebAudio();
    let run = () => undefined as void;
    jest.spyOn(FakeAudioContext.prototype, "resume").mockImplementation(function (this: FakeAudioContext) {
      return new Promise<void>((resolve) => (run = () => ((this.state = "running"), resolve())));
    });
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValue(mic);
    const recorder = createAudioRecorder({ id: "cancel-early" });
    const starting = recorder.start();
    await until(() => FakeAudioContext.instances.length === 1);

    await recorder.cancel();
    run();
    await starting;

    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(mic!.track.stop).toHaveBeenCalled();
    expect(lastContext().close).toHaveBeenCalled();
    expect(recorder.state).toBe("cancelled");
  });

  it("tries at once when a device is plugged in instead of waiting for the next retry", async () => {
    useFakeTimeouts();
    withWebAudio();
    const devices = withDeviceChanges();
    const [mic, plugged] = microphones(2);
    getUserMedia.mockResolvedValueOnce(mic).mockRejectedValueOnce(new DOMException("no device", "NotFoundError")).mockResolvedValueOnce(plugged);
    const onReconnectChange = jest.fn();
    const recorder = createAudioRecorder({ id: "plugged", onReconnectChange });
    await recorder.start();
    mic!.track.unplug();
    await jest.advanceTimersByTimeAsync(0);
    expect(getUserMedia).toHaveBeenCalledTimes(2);

    devices.dispatchEvent(new Event("devicechange"));
    expect(getUserMedia).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(0);

    expect(onReconnectChange.mock.calls).toEqual([[true], [false]]);
    expect(lastContext().sources.at(-1)!.mediaStream).toBe(plugged);
    await jest.advanceTimersByTimeAsync(10 * RECONNECT_RETRY_MS);
    expect(getUserMedia).toHaveBeenCalledTimes(3); // the pending retry was dropped
    await settle(recorder.cancel());
  });
});

// Firefox hides a permission prompt the user looks away from and leaves getUserMedia pending; some in-app browsers never
// answer. The start waited forever: the readiness card said "Starting the microphone…" until a reload.
describe("createAudioRecorder with a microphone request that never answers", () => {
  /** A getUserMedia that answers only when the test says so (never, unless it does). */
  function pendingMicrophone() {
    let grant: (stream: FakeStream) => void = () => undefined;
    getUserMedia.mockReturnValue(new Promise((resolve) => (grant = resolve)));
    return (stream: FakeStream) => grant(stream);
  }

  it("fails after the bound as an unavailable microphone does, and stops a stream granted after it at once", async () => {
    useFakeTimeouts();
    const grantLate = pendingMicrophone();
    const recorder = createAudioRecorder({ id: "no-answer" });
    const starting = recorder.start();
    const outcome = starting.then(
      () => "started",
      (error: unknown) => error,
    );

    await jest.advanceTimersByTimeAsync(MICROPHONE_OPEN_TIMEOUT_MS - 1);
    expect(recorder.state).toBe("starting");
    await jest.advanceTimersByTimeAsync(1);
    const failure = await outcome;
    expect(failure).toBeInstanceOf(RecorderError);
    expect(failure).not.toBeInstanceOf(MicrophonePermissionError);
    expect((failure as Error).message).toBe(RECORDER_MESSAGES.failed);
    expect(recorder.state).toBe("idle");

    const late = new FakeStream();
    grantLate(late);
    await jest.advanceTimersByTimeAsync(0);
    expect(late.track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(await listStoredRecordings()).toEqual([]);
  });

  it("cancel while the prompt waits: the start ends quietly at the bound, with nothing recorded and nothing to report", async () => {
    useFakeTimeouts();
    const grantLate = pendingMicrophone();
    const recorder = createAudioRecorder({ id: "cancelled-prompt" });
    const starting = recorder.start();
    await settle(recorder.cancel());

    await jest.advanceTimersByTimeAsync(MICROPHONE_OPEN_TIMEOUT_MS);
    await expect(starting).resolves.toBeUndefined();
    expect(recorder.state).toBe("cancelled");
    const late = new FakeStream();
    grantLate(late);
    await jest.advanceTimersByTimeAsync(0);
    expect(late.track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it("a reconnect attempt that never answers is given up at the bound, and the loop tries again", async () => {
    useFakeTimeouts();
    withWebAudio();
    const [mic, late, replacement] = microphones(3);
    let grantLate: (stream: FakeStream) => void = () => undefined;
    getUserMedia
      .mockResolvedValueOnce(mic)
      .mockReturnValueOnce(new Promise((resolve) => (grantLate = resolve)))
      .mockResolvedValueOnce(replacement);
    const onReconnectChange = jest.fn();
    const recorder = createAudioRecorder({ id: "reconnect-no-answer", onReconnectChange });
    await recorder.start();

    mic!.track.unplug();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(MICROPHONE_OPEN_TIMEOUT_MS + RECONNECT_RETRY_MS);
    expect(getUserMedia).toHaveBeenCalledTimes(3);
    expect(onReconnectChange.mock.calls).toEqual([[true], [false]]);
    expect(lastContext().sources.at(-1)!.mediaStream).toBe(replacement);

    grantLate(late!);
    await jest.advanceTimersByTimeAsync(0);
    expect(late!.track.stop).toHaveBeenCalled();
    expect(lastContext().sources.map((source) => source.mediaStream)).toEqual([mic, replacement]);
    await settle(recorder.cancel());
  });
});

describe("blobToBase64", () => {
  it("returns plain base64 without the data-URL prefix", async () => {
    expect(await blobToBase64(new Blob(["hello"], { type: "audio/webm" }))).toBe("aGVsbG8=");
    expect(await blobToBase64(new Blob([]))).toBe("");
  });
});

// A long recording in parts: short parts so the tests run them by the dozen.
const PART_S = 10;
const OVERLAP_S = 2;

/** Fake timeouts and a fake monotonic clock (performance.now), moved together by advanceTimersByTime. */
function useFakeClock() {
  jest.useFakeTimers({ doNotFake: ["Date", "hrtime", "nextTick", "queueMicrotask", "setImmediate", "clearImmediate"] });
}
/**
 * Lets a promise settle under the fake clock, a millisecond at a time: a zero-delay timeout set inside another timer's
 * callback is due a millisecond later (as in browsers' nested timers). Start, stop and the store take a few at most.
 */
async function drive<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  const watched = promise.finally(() => (settled = true));
  for (let turn = 0; turn < 2_000; turn += 1) {
    await new Promise((resolve) => realTurn(resolve));
    if (settled) break;
    await jest.advanceTimersByTimeAsync(1);
  }
  return watched;
}
async function untilDriven(condition: () => boolean) {
  for (let turn = 0; turn < 2_000; turn += 1) {
    await new Promise((resolve) => realTurn(resolve));
    if (condition()) return;
    await jest.advanceTimersByTimeAsync(1);
  }
  throw new Error("condition not met in time");
}
const media = (index: number) => FakeMediaRecorder.instances[index] as FakeMediaRecorder;
async function partsOf(id: string) {
  const recording = await readRecordingParts(id);
  if (!recording) throw new Error("expected parts");
  return Promise.all(recording.parts.map(async ({ index, startMs, blob }) => ({ index, startMs, bytes: await bytesOf(blob) })));
}
async function recordedParts(parts: { index: number; startMs: number; blob: Blob }[]) {
  return Promise.all(parts.map(async ({ index, startMs, blob }) => ({ index, startMs, bytes: await bytesOf(blob) })));
}

describe("createAudioRecorder in parts", () => {
  it("starts a new recorder on the same input at each part's length, and stops the previous one after the overlap", async () => {
    useFakeClock();
    withWebAudio();
    const [mic] = microphones(1);
    getUserMedia.mockResolvedValue(mic);
    const recorder = createAudioRecorder({ id: "cuts", partSeconds: PART_S, overlapSeconds: OVERLAP_S });
    await drive(recorder.start());
    const destination = lastContext().destinations[0]!;

    await jest.advanceTimersByTimeAsync(PART_S * 1000 - 1);
    expect(FakeMediaRecorder.instances).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    // The same input, type, bitrate and timeslice: the graph's output, which a reconnected microphone keeps feeding.
    expect(media(1).stream).toBe(destination.stream);
    expect(media(1).options).toEqual(media(0).options);
    expect(media(1).timeslice).toBe(500);
    expect([media(0).state, media(1).state]).toEqual(["recording", "recording"]);

    await jest.advanceTimersByTimeAsync(OVERLAP_S * 1000 - 1);
    expect(media(0).state).toBe("recording");
    await jest.advanceTimersByTimeAsync(1);
    expect([media(0).state, media(1).state]).toEqual(["inactive", "recording"]);

    // The next cut is on the grid from the start (20 s), not 10 s after the overlap's end.
    await jest.advanceTimersByTimeAsync(PART_S * 1000 - OVERLAP_S * 1000 - 1);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeMediaRecorder.instances).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(OVERLAP_S * 1000);
    expect(FakeMediaRecorder.instances.map((instance) => instance.state)).toEqual(["inactive", "inactive", "recording"]);
    // Recording a mono graph: one microphone request, one context, the same destination all along.
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(FakeAudioContext.instances).toHaveLength(1);
    expect(media(2).stream).toBe(destination.stream);
    await drive(recorder.cancel());
  });

  it("stores each part's chunks under the part's own indexes and each part's start, and hands over the parts", async () => {
    useFakeClock();
    const stored: { index: number; part: number }[] = [];
    const recorder = createAudioRecorder({
      id: "long",
      partSeconds: PART_S,
      overlapSeconds: OVERLAP_S,
      onChunkStored: ({ index, part }) => stored.push({ index, part }),
    });
    await drive(recorder.start());
    media(0).emit([1]);
    media(0).emit([2]);
    await jest.advanceTimersByTimeAsync(PART_S * 1000);
    // During the overlap both parts get the words said.
    media(1).emit([10]);
    media(0).emit([3]);
    media(1).emit([11]);
    media(0).finalChunk = [4];
    await jest.advanceTimersByTimeAsync(OVERLAP_S * 1000);
    await jest.advanceTimersByTimeAsync(PART_S * 1000 - OVERLAP_S * 1000);
    media(2).emit([20]);
    media(1).finalChunk = [12];
    media(2).finalChunk = [21];
    await untilDriven(() => stored.length === 7);

    expect(stored).toEqual([
      { index: 0, part: 0 },
      { index: 1, part: 0 },
      { index: PART_CHUNK_STRIDE, part: 1 },
      { index: 2, part: 0 },
      { index: PART_CHUNK_STRIDE + 1, part: 1 },
      { index: 3, part: 0 },
      { index: 2 * PART_CHUNK_STRIDE, part: 2 },
    ]);
    expect(await drive(listStoredRecordings())).toMatchObject([
      { id: "long", status: "recording", chunkCount: 7, partCount: 3, parts: [{ startMs: 0 }, { startMs: 10_000 }, { startMs: 20_000 }] },
    ]);

    const result = await drive(recorder.stop());
    jest.useRealTimers();
    const expected = [
      { index: 0, startMs: 0, bytes: [1, 2, 3, 4] },
      { index: 1, startMs: 10_000, bytes: [10, 11, 12] },
      { index: 2, startMs: 20_000, bytes: [20, 21] },
    ];
    expect(await partsOf("long")).toEqual(expected);
    expect(await recordedParts(result.parts)).toEqual(expected);
    expect(result).toMatchObject({ size: 9, storedLocally: true, mimeType: "audio/webm;codecs=opus" });
    // Several parts are several files: no one Blob pretends to be the whole recording.
    expect(result.blob.size).toBe(0);
    await expect(readRecordingBlob("long")).rejects.toBeInstanceOf(RecordingInPartsError);
    expect(await listStoredRecordings()).toMatchObject([{ id: "long", status: "stopped", partCount: 3 }]);
  });

  it("stop during an overlap stops both recorders and keeps both parts' last chunks; no timer is left", async () => {
    useFakeClock();
    const recorder = createAudioRecorder({ id: "overlap-stop", partSeconds: PART_S, overlapSeconds: OVERLAP_S });
    await drive(recorder.start());
    media(0).emit([1]);
    await jest.advanceTimersByTimeAsync(PART_S * 1000 + 500);
    media(1).emit([2]);
    media(0).finalChunk = [3];
    media(1).finalChunk = [4];

    const result = await drive(recorder.stop());

    expect([media(0).state, media(1).state]).toEqual(["inactive", "inactive"]);
    expect(recorder.state).toBe("stopped");
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * PART_S * 1000);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    jest.useRealTimers();
    const expected = [
      { index: 0, startMs: 0, bytes: [1, 3] },
      { index: 1, startMs: 10_000, bytes: [2, 4] },
    ];
    expect(await partsOf("overlap-stop")).toEqual(expected);
    expect(await recordedParts(result.parts)).toEqual(expected);
    expect(await listStoredRecordings()).toMatchObject([{ id: "overlap-stop", status: "stopped" }]);
  });

  it("waits at most the stop timeout for a recorder that never says it stopped, and keeps the other part's last chunk", async () => {
    useFakeClock();
    const recorder = createAudioRecorder({ id: "mute-stop", partSeconds: PART_S, overlapSeconds: OVERLAP_S });
    await drive(recorder.start());
    media(0).emit([1]);
    await jest.advanceTimersByTimeAsync(PART_S * 1000 + 500);
    media(1).emit([2]);
    media(1).stop = function (this: FakeMediaRecorder) {
      this.state = "inactive"; // and no "stop" event ever
    };

    const stopping = recorder.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    const result = await drive(stopping);
    jest.useRealTimers();
    expect(await recordedParts(result.parts)).toEqual([
      { index: 0, startMs: 0, bytes: [1, 99] },
      { index: 1, startMs: 10_000, bytes: [2] },
    ]);
  });

  it("cancel during an overlap stops both recorders, deletes every part and leaves no timer", async () => {
    useFakeClock();
    const recorder = createAudioRecorder({ id: "overlap-cancel", partSeconds: PART_S, overlapSeconds: OVERLAP_S });
    await drive(recorder.start());
    media(0).emit([1]);
    await jest.advanceTimersByTimeAsync(PART_S * 1000 + 500);
    media(1).emit([2]);

    await drive(recorder.cancel());

    expect([media(0).state, media(1).state]).toEqual(["inactive", "inactive"]);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * PART_S * 1000);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    jest.useRealTimers();
    expect(await listStoredRecordings()).toEqual([]);
    expect(await readRecordingParts("overlap-cancel")).toBeNull();
  });

  it("after a storage failure mid-part stores nothing more in any part, keeping a prefix in time, and the memory copy keeps it all", async () => {
    useFakeClock();
    const onError = jest.fn();
    const stored: number[] = [];
    const recorder = createAudioRecorder({
      id: "full",
      partSeconds: PART_S,
      overlapSeconds: OVERLAP_S,
      onError,
      onChunkStored: ({ index }) => stored.push(index),
    });
    await drive(recorder.start());
    media(0).emit([1]);
    await jest.advanceTimersByTimeAsync(PART_S * 1000);
    media(1).emit([10]);
    await untilDriven(() => stored.length === 2);

    // The disk fills up during the overlap: part 1's next chunk fails, and part 0's after it is not even tried.
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    media(1).emit([11]);
    media(0).emit([2]);
    await jest.advanceTimersByTimeAsync(OVERLAP_S * 1000);
    await jest.advanceTimersByTimeAsync(PART_S * 1000 - OVERLAP_S * 1000);
    expect(FakeMediaRecorder.instances).toHaveLength(3); // the recording itself carries on
    media(2).emit([20]);
    await drive(Promise.resolve());
    put.mockRestore();

    const result = await drive(recorder.stop());
    jest.useRealTimers();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toMatchObject({ name: "AudioStorageError", reason: "quota" });
    expect(result.storedLocally).toBe(false);
    expect(stored).toEqual([0, PART_CHUNK_STRIDE]);
    // Stored: what came before the failure, each part a playable prefix; part 2 never began on the device.
    expect(await partsOf("full")).toEqual([
      { index: 0, startMs: 0, bytes: [1] },
      { index: 1, startMs: 10_000, bytes: [10] },
    ]);
    expect(await listStoredRecordings()).toMatchObject([{ id: "full", status: "stopped", parts: [{ startMs: 0 }, { startMs: 10_000 }] }]);
    // In memory: everything, to be sent from there.
    expect(await recordedParts(result.parts)).toEqual([
      { index: 0, startMs: 0, bytes: [1, 2, 99] },
      { index: 1, startMs: 10_000, bytes: [10, 11, 99] },
      { index: 2, startMs: 20_000, bytes: [20, 99] },
    ]);
  });

  it("reconnects a microphone lost in a later part into the same input, and the next part records it too", async () => {
    useFakeClock();
    withWebAudio();
    const [mic, replacement] = microphones(2);
    getUserMedia.mockResolvedValueOnce(mic).mockRejectedValueOnce(new DOMException("no device", "NotFoundError")).mockResolvedValueOnce(replacement);
    const onReconnectChange = jest.fn();
    const recorder = createAudioRecorder({ id: "later-drop", partSeconds: PART_S, overlapSeconds: OVERLAP_S, onReconnectChange });
    await drive(recorder.start());
    const context = lastContext();
    const destination = context.destinations[0]!;
    media(0).emit([1]);
    await jest.advanceTimersByTimeAsync(PART_S * 1000 + OVERLAP_S * 1000 + 1_000);
    expect([media(0).state, media(1).state]).toEqual(["inactive", "recording"]);

    mic!.track.unplug();
    expect(onReconnectChange.mock.calls).toEqual([[true]]);
    await jest.advanceTimersByTimeAsync(0);
    media(1).emit([10]); // part 1 carries on through the gap
    await jest.advanceTimersByTimeAsync(RECONNECT_RETRY_MS);
    expect(onReconnectChange.mock.calls).toEqual([[true], [false]]);
    expect(context.sources.at(-1)!.mediaStream).toBe(replacement);
    expect(context.sources.at(-1)!.connect).toHaveBeenCalledWith(destination);
    // Reconnecting makes no new recorder and no new part: only the clock does.
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    expect(media(1).state).toBe("recording");

    await jest.advanceTimersByTimeAsync(2 * PART_S * 1000 - (PART_S * 1000 + OVERLAP_S * 1000 + 1_000 + RECONNECT_RETRY_MS));
    expect(FakeMediaRecorder.instances).toHaveLength(3);
    expect(media(2).stream).toBe(destination.stream);
    media(2).emit([20]);
    const result = await drive(recorder.stop());
    jest.useRealTimers();
    expect(await recordedParts(result.parts)).toEqual([
      { index: 0, startMs: 0, bytes: [1, 99] },
      { index: 1, startMs: 10_000, bytes: [10, 99] },
      { index: 2, startMs: 20_000, bytes: [20, 99] },
    ]);
    expect(replacement!.track.stop).toHaveBeenCalled();
    expect(context.close).toHaveBeenCalled();
  });

  it("keeps the running part when a new recorder cannot start, and cuts a little later under the same part number", async () => {
    useFakeClock();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const recorder = createAudioRecorder({ id: "refused", partSeconds: PART_S, overlapSeconds: OVERLAP_S });
    await drive(recorder.start());
    media(0).emit([1]);
    FakeMediaRecorder.failures = 2;
    await jest.advanceTimersByTimeAsync(PART_S * 1000);
    expect(FakeMediaRecorder.instances).toHaveLength(1);
    expect(media(0).state).toBe("recording");
    await jest.advanceTimersByTimeAsync(CUT_RETRY_MS);
    expect(FakeMediaRecorder.instances).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(CUT_RETRY_MS);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1); // told once, not at every attempt
    media(1).emit([2]);
    await jest.advanceTimersByTimeAsync(OVERLAP_S * 1000);
    expect(media(0).state).toBe("inactive");

    const result = await drive(recorder.stop());
    jest.useRealTimers();
    const expected = [
      { index: 0, startMs: 0, bytes: [1, 99] },
      { index: 1, startMs: PART_S * 1000 + 2 * CUT_RETRY_MS, bytes: [2, 99] },
    ];
    expect(await recordedParts(result.parts)).toEqual(expected);
    expect(await partsOf("refused")).toEqual(expected);
  });

  it("cuts on time from the chunks themselves when the browser holds back a background tab's timers", async () => {
    let now = 50_000;
    jest.spyOn(performance, "now").mockImplementation(() => now);
    const recorder = createAudioRecorder({ id: "background", partSeconds: PART_S, overlapSeconds: OVERLAP_S });
    await recorder.start();
    now += PART_S * 1000 + 250; // the cut's timer has not fired
    media(0).emit([1]);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    now += OVERLAP_S * 1000;
    media(1).emit([2]);
    expect(media(0).state).toBe("inactive");

    const result = await recorder.stop();
    expect(await recordedParts(result.parts)).toEqual([
      { index: 0, startMs: 0, bytes: [1, 99] },
      { index: 1, startMs: PART_S * 1000 + 250, bytes: [2, 99] },
    ]);
    expect(await partsOf("background")).toEqual([
      { index: 0, startMs: 0, bytes: [1, 99] },
      { index: 1, startMs: PART_S * 1000 + 250, bytes: [2, 99] },
    ]);
  });

  it("keeps a recording shorter than a part as one part, the default part being the contract's ten minutes", async () => {
    useFakeClock();
    const recorder = createAudioRecorder({ id: "short" });
    await drive(recorder.start());
    media(0).emit([1]);
    await jest.advanceTimersByTimeAsync(600_000 - 1);
    expect(FakeMediaRecorder.instances).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(3_999);
    expect(media(0).state).toBe("recording");
    await jest.advanceTimersByTimeAsync(1);
    expect(media(0).state).toBe("inactive");
    await drive(recorder.cancel());
  });

  it("refuses a part no longer than its overlap", () => {
    expect(() => createAudioRecorder({ id: "bad", partSeconds: 4, overlapSeconds: 4 })).toThrow(RangeError);
    expect(() => createAudioRecorder({ id: "bad", partSeconds: 0 })).toThrow(RangeError);
  });
});
