/** @jest-environment jsdom */
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { deserialize, serialize } from "node:v8";
import { AudioStorageError, deleteRecording, listStoredRecordings, readRecordingBlob } from "./audio-store";
import {
  AUDIO_CONSTRAINTS,
  MicrophonePermissionError,
  RECORDER_MESSAGES,
  RecorderUnsupportedError,
  blobToBase64,
  createAudioRecorder,
  isRecordingSupported,
} from "./recorder";

// jsdom has neither structuredClone (fake-indexeddb needs it) nor Blob.arrayBuffer (the store then reads chunks
// with FileReader, as older Safari does).
beforeAll(() => {
  globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
  Object.assign(globalThis, { indexedDB, IDBKeyRange });
});

let supportedTypes: string[];

class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
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

const track = { stop: jest.fn() };
const getUserMedia = jest.fn();

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

beforeEach(() => {
  supportedTypes = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg"];
  FakeMediaRecorder.instances = [];
  track.stop.mockClear();
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] });
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder });
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
});
afterEach(async () => {
  jest.restoreAllMocks();
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

describe("blobToBase64", () => {
  it("returns plain base64 without the data-URL prefix", async () => {
    expect(await blobToBase64(new Blob(["hello"], { type: "audio/webm" }))).toBe("aGVsbG8=");
    expect(await blobToBase64(new Blob([]))).toBe("");
  });
});
