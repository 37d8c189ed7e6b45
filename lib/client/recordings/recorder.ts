import { TRANSCRIPTION_ERRORS } from "@/lib/domain/transcription/transcription-result";

import { appendChunk, beginRecording, deleteRecording, finishRecording, type RecordingMode } from "./audio-store";
import { closeMicrophoneGraph, connectMicrophone, createMicrophoneGraph, type MicrophoneGraph } from "./microphone-graph";

export { blobToBase64 } from "./blob";

// Microphone capture (spec part 1 section 9). Every 500 ms chunk goes to IndexedDB as soon as it arrives, so a reload
// loses at most the last half second; the chunks are also kept in memory so stop() can hand the audio over even when
// the browser refuses to store it. Where Web Audio runs, the microphone goes through a graph so that a microphone that
// drops mid-recording (Bluetooth headset gone, USB unplugged) can be reconnected into the same, continuous recording.

export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 16000, channelCount: 1 },
};
export const MIME_TYPE_PREFERENCE = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg"] as const;
// Mono Opus at 32 kbps is ample for speech, and keeps a base64 upload of ~14 minutes under a hosted function's 4.5 MB
// request limit (the spec's 128 kbps would allow about 3.5 minutes).
export const AUDIO_BITS_PER_SECOND = 32_000;
export const CHUNK_INTERVAL_MS = 500;
// A browser that never fires "stop" must not leave the user waiting forever: the chunks already stored are the recording.
const STOP_EVENT_TIMEOUT_MS = 5_000;
// Often enough to catch a headset that comes back within a sentence, rarely enough not to hammer the permission layer.
export const RECONNECT_RETRY_MS = 1_000;

export const RECORDER_MESSAGES = {
  unsupported: TRANSCRIPTION_ERRORS.unsupported,
  noAudio: TRANSCRIPTION_ERRORS.noAudio,
  emptyBlob: TRANSCRIPTION_ERRORS.emptyBlob,
  permissionDenied: "Microphone access was denied. Please allow the microphone and try again.",
  noMicrophone: "No microphone was found. Please connect a microphone and try again.",
  microphoneBusy: "The microphone is being used by another app. Please close it and try again.",
  failed: "Recording failed. Please try again.",
} as const;

export class RecorderError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "RecorderError";
  }
}
export class RecorderUnsupportedError extends RecorderError {
  constructor() {
    super(RECORDER_MESSAGES.unsupported);
    this.name = "RecorderUnsupportedError";
  }
}
export class MicrophonePermissionError extends RecorderError {
  constructor(cause?: unknown) {
    super(RECORDER_MESSAGES.permissionDenied, cause);
    this.name = "MicrophonePermissionError";
  }
}

export type RecordedAudio = {
  id: string;
  blob: Blob;
  mimeType: string;
  size: number;
  durationMs: number;
  /** False when the browser refused to keep some of the audio in IndexedDB (onError was told why). */
  storedLocally: boolean;
};

export type RecorderState = "idle" | "starting" | "recording" | "stopping" | "stopped" | "cancelled";

export type AudioRecorder = {
  readonly id: string;
  readonly state: RecorderState;
  /** True while the microphone is gone and a new one is being sought; the recording carries on with silence meanwhile. */
  readonly reconnecting: boolean;
  /** Asks for the microphone and starts recording; rejects with a RecorderError. */
  start(): Promise<void>;
  /** Resolves once the last chunk is stored and the recording is marked "stopped". */
  stop(): Promise<RecordedAudio>;
  /** Stops and deletes everything recorded. */
  cancel(): Promise<void>;
};

export type CreateAudioRecorderOptions = {
  /** The audio-store id; also the local session's audioKey if the upload fails. */
  id: string;
  mode?: RecordingMode;
  onChunkStored?: (chunk: { index: number; size: number }) => void;
  /** Failures that do not stop the recording, such as IndexedDB refusing a chunk. Told once. */
  onError?: (error: Error) => void;
  /** Told true when the microphone drops mid-recording ("Reconnecting audio..."), false once audio flows again. */
  onReconnectChange?: (reconnecting: boolean) => void;
};

export function isRecordingSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof MediaRecorder !== "undefined" &&
    typeof navigator !== "undefined" &&
    typeof navigator.mediaDevices?.getUserMedia === "function"
  );
}

/** The first supported type of the spec's list, or undefined to let the browser choose. */
export function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === "undefined" || typeof MediaRecorder.isTypeSupported !== "function") return undefined;
  return MIME_TYPE_PREFERENCE.find((type) => MediaRecorder.isTypeSupported(type));
}

function microphoneError(error: unknown): RecorderError {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  if (name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError") return new MicrophonePermissionError(error);
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError")
    return new RecorderError(RECORDER_MESSAGES.noMicrophone, error);
  if (name === "NotReadableError" || name === "TrackStartError") return new RecorderError(RECORDER_MESSAGES.microphoneBusy, error);
  return new RecorderError(RECORDER_MESSAGES.failed, error);
}

function createMediaRecorder(stream: MediaStream): MediaRecorder {
  const mimeType = pickMimeType();
  try {
    return new MediaRecorder(stream, { audioBitsPerSecond: AUDIO_BITS_PER_SECOND, ...(mimeType ? { mimeType } : {}) });
  } catch (error) {
    // Some browsers claim a type in isTypeSupported and then refuse it: let them choose.
    if (!mimeType) throw error;
    return new MediaRecorder(stream, { audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
  }
}

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

function hasLiveAudio(stream: MediaStream): boolean {
  return stream.getAudioTracks().some((track) => track.readyState === "live");
}

export function createAudioRecorder({ id, mode = "couple", onChunkStored, onError, onReconnectChange }: CreateAudioRecorderOptions): AudioRecorder {
  let state: RecorderState = "idle";
  // The current microphone. With a graph it is replaced on reconnection while the recorder's input stays the same.
  let stream: MediaStream | null = null;
  let graph: MicrophoneGraph | null = null;
  let recorder: MediaRecorder | null = null;
  let reconnecting = false;
  let attemptPending = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let startedAt = 0;
  let chunkIndex = 0;
  let dataEvents = 0;
  const chunks: Blob[] = [];
  // Store writes run one after another: the meta record first, then each chunk in order.
  let writes: Promise<void> = Promise.resolve();
  // After a failed write the later chunks are not stored: the stored copy stays a playable prefix, not audio with holes.
  let storing = true;
  let begun = false;
  let storageErrorReported = false;
  let stopped: Promise<void> = Promise.resolve();
  let stopping: Promise<RecordedAudio> | null = null;

  // A storage failure is told once: every later chunk would fail the same way.
  const reportStorageError = (error: unknown) => {
    if (storageErrorReported) return;
    storageErrorReported = true;
    onError?.(error instanceof Error ? error : new RecorderError(RECORDER_MESSAGES.failed, error));
  };
  const enqueue = (write: () => Promise<void>) => {
    writes = writes
      .then(() => (storing ? write() : undefined))
      .catch((error: unknown) => {
        storing = false;
        reportStorageError(error);
      });
  };
  const stopReconnecting = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (typeof navigator.mediaDevices?.removeEventListener === "function") navigator.mediaDevices.removeEventListener("devicechange", reconnectNow);
    if (!reconnecting) return;
    reconnecting = false;
    onReconnectChange?.(false);
  };
  const releaseMicrophone = () => {
    stopReconnecting();
    stopTracks(stream);
    if (graph) closeMicrophoneGraph(graph);
    graph = null;
  };

  // Browsers report a lost microphone as an ended track, an inactive stream or both, and a track can be dead before
  // anyone listens: every one of these leads to the same single reconnect loop.
  const watchMicrophone = (microphone: MediaStream) => {
    const lost = () => {
      if (stream === microphone && !hasLiveAudio(microphone)) microphoneLost();
    };
    microphone.getAudioTracks().forEach((track) => track.addEventListener("ended", lost));
    microphone.addEventListener("inactive", lost);
    lost();
  };
  const microphoneLost = () => {
    if (state !== "recording" || !graph || reconnecting) return;
    reconnecting = true;
    onReconnectChange?.(true);
    // A headset that comes back announces itself here, sooner than the next retry would find it.
    if (typeof navigator.mediaDevices.addEventListener === "function") navigator.mediaDevices.addEventListener("devicechange", reconnectNow);
    void reconnect();
  };
  const reconnectNow = () => void reconnect();
  // One request at a time: overlapping getUserMedia calls could hand back a second stream that nobody would stop.
  async function reconnect(): Promise<void> {
    if (!reconnecting || attemptPending) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    attemptPending = true;
    const microphone = await navigator.mediaDevices.getUserMedia(AUDIO_CONSTRAINTS).catch(() => null);
    attemptPending = false;
    if (!reconnecting || !graph || state !== "recording") {
      // Stopped or cancelled while the request was pending.
      stopTracks(microphone);
      return;
    }
    if (microphone && hasLiveAudio(microphone) && swapMicrophone(graph, microphone)) return;
    stopTracks(microphone);
    retryTimer = setTimeout(reconnectNow, RECONNECT_RETRY_MS);
  }
  const swapMicrophone = (active: MicrophoneGraph, microphone: MediaStream): boolean => {
    try {
      connectMicrophone(active, microphone);
    } catch {
      return false;
    }
    stopTracks(stream);
    stream = microphone;
    stopReconnecting();
    watchMicrophone(microphone);
    return true;
  };

  async function start(): Promise<void> {
    if (state !== "idle") throw new RecorderError("This recorder has already been started.");
    if (!isRecordingSupported()) throw new RecorderUnsupportedError();
    state = "starting";
    try {
      stream = await navigator.mediaDevices.getUserMedia(AUDIO_CONSTRAINTS);
    } catch (error) {
      state = "idle";
      throw microphoneError(error);
    }
    if (state !== "starting") {
      // Cancelled while the permission prompt was open.
      releaseMicrophone();
      return;
    }
    graph = await createMicrophoneGraph(stream);
    if ((state as RecorderState) !== "starting") {
      // Cancelled while the audio context was starting.
      releaseMicrophone();
      return;
    }
    try {
      recorder = createMediaRecorder(graph ? graph.destination.stream : stream);
    } catch (error) {
      releaseMicrophone();
      state = "idle";
      throw new RecorderError(RECORDER_MESSAGES.failed, error);
    }
    const active = recorder;
    stopped = new Promise((resolve) => active.addEventListener("stop", () => resolve(), { once: true }));
    active.addEventListener("dataavailable", (event: BlobEvent) => {
      dataEvents += 1;
      if (state === "cancelled" || !event.data || event.data.size === 0) return;
      const index = chunkIndex++;
      chunks.push(event.data);
      enqueue(async () => {
        await appendChunk(id, index, event.data);
        onChunkStored?.({ index, size: event.data.size });
      });
    });
    // The browser ends the recording after an error; stop() still hands over what was captured.
    active.addEventListener("error", (event: Event) => onError?.(new RecorderError(RECORDER_MESSAGES.failed, (event as ErrorEvent).error ?? event)));

    active.start(CHUNK_INTERVAL_MS);
    startedAt = Date.now();
    state = "recording";
    // The type is known for sure only once recording has started (when the browser chose it).
    const mimeType = active.mimeType || pickMimeType() || "audio/webm";
    enqueue(async () => {
      await beginRecording({ id, mimeType, startedAt, mode });
      begun = true;
    });
    // Without a graph a lost microphone ends the recording, as it always has; stop() still keeps what was captured.
    if (graph) watchMicrophone(stream);
  }

  function waitForStopEvent(): Promise<void> {
    if (recorder && recorder.state !== "inactive") recorder.stop();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_EVENT_TIMEOUT_MS)));
    return Promise.race([stopped, timeout]).finally(() => clearTimeout(timer));
  }

  async function finish(): Promise<RecordedAudio> {
    state = "stopping";
    stopReconnecting();
    // "stop" fires after the final dataavailable; the queue then holds the last chunk's write.
    await waitForStopEvent();
    releaseMicrophone();
    const durationMs = Date.now() - startedAt;
    // Marked "stopped" even after a failed chunk write: that prefix is all this device kept, and it is complete.
    writes = writes.then(() => (begun ? finishRecording(id) : false)).then(() => undefined, reportStorageError);
    await writes;
    // cancel() may have run while we waited (TypeScript cannot see that across the awaits).
    if ((state as RecorderState) === "cancelled") throw new RecorderError("The recording was cancelled.");
    state = "stopped";

    const mimeType = recorder?.mimeType || chunks[0]?.type || pickMimeType() || "audio/webm";
    if (dataEvents === 0) {
      await deleteRecording(id).catch(() => undefined);
      throw new RecorderError(RECORDER_MESSAGES.noAudio);
    }
    const blob = new Blob(chunks, { type: mimeType });
    if (blob.size === 0) {
      await deleteRecording(id).catch(() => undefined);
      throw new RecorderError(RECORDER_MESSAGES.emptyBlob);
    }
    return { id, blob, mimeType, size: blob.size, durationMs, storedLocally: storing };
  }

  return {
    id,
    get state() {
      return state;
    },
    get reconnecting() {
      return reconnecting;
    },
    start,
    stop() {
      if (stopping) return stopping;
      if (state !== "recording") return Promise.reject(new RecorderError("The recorder is not recording."));
      stopping = finish();
      return stopping;
    },
    async cancel() {
      if (state === "cancelled" || state === "stopped") return;
      const wasRecording = state === "recording" || state === "stopping";
      state = "cancelled";
      stopReconnecting();
      if (wasRecording) await waitForStopEvent();
      releaseMicrophone();
      await writes;
      // The user asked for it to be gone; a failure here leaves audio that recovery will find and offer again.
      await deleteRecording(id).catch((error: unknown) => console.warn(`Could not delete cancelled recording ${id}.`, error));
    },
  };
}
