import { PART_OVERLAP_SECONDS, RECORDING_PART_SECONDS } from "@/lib/domain/transcription/long-recording";
import { TRANSCRIPTION_ERRORS } from "@/lib/domain/transcription/transcription-result";

import { appendChunk, AudioStorageError, beginPart, beginRecording, deleteRecording, finishRecording, partChunkIndex, type RecordingMode } from "./audio-store";
import { closeMicrophoneGraph, connectMicrophone, createMicrophoneGraph, type MicrophoneGraph } from "./microphone-graph";
import { MicrophoneTimeoutError, openMicrophone } from "./open-microphone";
import { isRecordingSupported } from "./recording-support";

export { blobToBase64 } from "./blob";

// Microphone capture (spec part 1 section 9). Every 500 ms chunk goes to IndexedDB as soon as it arrives, so a reload
// loses at most the last half second; the chunks are also kept in memory so stop() can hand the audio over even when
// the browser refuses to store it. Where Web Audio runs, the microphone goes through a graph so that a microphone that
// drops mid-recording (Bluetooth headset gone, USB unplugged) can be reconnected into the same, continuous recording.
//
// A long recording is cut into parts (issue 14 §2) of RECORDING_PART_SECONDS, each a complete audio file a provider takes
// within its duration cap: at each cut a new MediaRecorder starts on the same input (the graph's output, which a
// reconnected microphone keeps feeding), and the previous one stops PART_OVERLAP_SECONDS later, so the words said at the
// cut are in both parts. Each part's start (ms from the recording's start, on the monotonic clock) is stored before its
// first chunk; its chunks are stored at their own indexes (audio-store.ts). A recording shorter than one part is one
// part, stored and handed over exactly as before.

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
// A cut whose new MediaRecorder cannot start is tried again this much later; the running part carries on meanwhile.
export const CUT_RETRY_MS = 5_000;

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

/** One part of a recording, in memory: a complete audio file, `startMs` after the recording's start. */
export type RecordedPart = { index: number; startMs: number; blob: Blob };

export type RecordedAudio = {
  id: string;
  /**
   * The whole audio as one file when the recording is one part (as before parts). A recording of several parts is
   * several files: then this is an empty Blob, so nothing can send ten minutes of it as if it were all; use `parts`.
   */
  blob: Blob;
  /** The in-memory copy, part by part in order (parts without audio left out): what to send when storedLocally is false. */
  parts: RecordedPart[];
  mimeType: string;
  /** Bytes of all the parts together. */
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
  /** `index` is the chunk's index in the audio store (part * PART_CHUNK_STRIDE + its number in the part). */
  onChunkStored?: (chunk: { index: number; part: number; size: number }) => void;
  /** Failures that do not stop the recording, such as IndexedDB refusing a chunk. Told once. */
  onError?: (error: Error) => void;
  /** Told true when the microphone drops mid-recording ("Reconnecting audio..."), false once audio flows again. */
  onReconnectChange?: (reconnecting: boolean) => void;
  /**
   * Told once when the microphone drops while it is recorded directly (no audio graph to reconnect it through): the
   * browser has ended the recording, and nothing more will be captured. stop() still hands over what was.
   */
  onMicrophoneEnded?: () => void;
  /** A part's length before the next cut (tests shorten it); RECORDING_PART_SECONDS by default. */
  partSeconds?: number;
  /** How long both recorders run at a cut; PART_OVERLAP_SECONDS by default, less than partSeconds. */
  overlapSeconds?: number;
};

/** The first supported type of the spec's list, or undefined to let the browser choose. */
export function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === "undefined" || typeof MediaRecorder.isTypeSupported !== "function") return undefined;
  return MIME_TYPE_PREFERENCE.find((type) => MediaRecorder.isTypeSupported(type));
}

function microphoneError(error: unknown): RecorderError {
  // A prompt nobody answered: the microphone could not be had, which "Recording failed. Please try again." already says.
  if (error instanceof MicrophoneTimeoutError) return new RecorderError(RECORDER_MESSAGES.failed, error);
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  if (name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError") return new MicrophonePermissionError(error);
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError")
    return new RecorderError(RECORDER_MESSAGES.noMicrophone, error);
  if (name === "NotReadableError" || name === "TrackStartError") return new RecorderError(RECORDER_MESSAGES.microphoneBusy, error);
  return new RecorderError(RECORDER_MESSAGES.failed, error);
}

function createMediaRecorder(stream: MediaStream, sameAs?: string): MediaRecorder {
  // A later part is the same type as the first, exactly, or no part at all: the parts are stored under one type.
  if (sameAs) return new MediaRecorder(stream, { audioBitsPerSecond: AUDIO_BITS_PER_SECOND, mimeType: sameAs });
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

/** Monotonic where the browser has it: a clock set back or forward mid-recording must not move a part's start. */
function monotonicNow(): number {
  return typeof performance !== "undefined" && typeof performance.now === "function" ? performance.now() : Date.now();
}

/** One MediaRecorder and the part it records. */
type PartRecorder = {
  part: number;
  startMs: number;
  media: MediaRecorder;
  /** This part's chunks in memory, in order. */
  chunks: Blob[];
  /** The next chunk's number within the part. */
  nextChunk: number;
  /** Resolves on the recorder's "stop" event, after its last chunk. */
  stopped: Promise<void>;
  /** When (monotonic ms) the overlap after the next part's start ends and this recorder is stopped. */
  stopAt?: number;
};

export function createAudioRecorder({
  id,
  mode = "couple",
  onChunkStored,
  onError,
  onReconnectChange,
  onMicrophoneEnded,
  partSeconds = RECORDING_PART_SECONDS,
  overlapSeconds = PART_OVERLAP_SECONDS,
}: CreateAudioRecorderOptions): AudioRecorder {
  if (!(partSeconds > 0) || !(overlapSeconds >= 0) || overlapSeconds >= partSeconds)
    throw new RangeError(`A part must be longer than its overlap (got ${partSeconds} s and ${overlapSeconds} s)`);
  const partMs = partSeconds * 1000;
  const overlapMs = overlapSeconds * 1000;
  let state: RecorderState = "idle";
  // The current microphone. With a graph it is replaced on reconnection while the recorders' input stays the same.
  let stream: MediaStream | null = null;
  let graph: MicrophoneGraph | null = null;
  // Every part's recorder, in part order; `running` holds the ones not asked to stop yet (two during an overlap).
  const recorders: PartRecorder[] = [];
  let running: PartRecorder[] = [];
  let reconnecting = false;
  let attemptPending = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let startedAt = 0;
  // The recording's start and the next cut, on the monotonic clock.
  let clockStart = 0;
  let nextCutAt = Infinity;
  let cutTimer: ReturnType<typeof setTimeout> | undefined;
  let cutFailureReported = false;
  let dataEvents = 0;
  // Store writes run one after another: the meta record first, then each part's start before its chunks, each part's
  // chunks in order.
  let writes: Promise<void> = Promise.resolve();
  // After a failed write nothing more is stored, in any part: the stored copy stays a prefix in time of the recording
  // (the parts before whole, the ones running at that moment cut there, each a playable file), never audio with holes.
  let storing = true;
  let begun = false;
  let storageErrorReported = false;
  let stopping: Promise<RecordedAudio> | null = null;
  // The start under way (the permission prompt, the audio context starting), for a stop() that comes meanwhile.
  let starting: Promise<void> | null = null;

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
  let endedTold = false;
  const microphoneLost = () => {
    if (state === "recording" && !graph && !endedTold) {
      // The track fed the MediaRecorder itself, which the browser has stopped with it (a call, Siri, a headset gone).
      endedTold = true;
      onMicrophoneEnded?.();
      return;
    }
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
    // Bounded: an attempt that never answers would otherwise hold `attemptPending` and end the loop for good.
    const microphone = await openMicrophone(AUDIO_CONSTRAINTS).catch(() => null);
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
      stream = await openMicrophone(AUDIO_CONSTRAINTS);
    } catch (error) {
      // Cancelled while the prompt was open: the caller has let this recording go, and its failure is nobody's to hear.
      if ((state as RecorderState) === "cancelled") return;
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
    let first: PartRecorder;
    try {
      first = launchPart(0, 0);
    } catch (error) {
      releaseMicrophone();
      state = "idle";
      throw new RecorderError(RECORDER_MESSAGES.failed, error);
    }
    startedAt = Date.now();
    clockStart = monotonicNow();
    state = "recording";
    // The type is known for sure only once recording has started (when the browser chose it).
    const mimeType = first.media.mimeType || pickMimeType() || "audio/webm";
    enqueue(async () => {
      await beginRecording({ id, mimeType, startedAt, mode });
      begun = true;
    });
    nextCutAt = clockStart + partMs;
    scheduleCuts();
    // With a graph a lost microphone is sought again; without one it has ended the recording, and the caller is told.
    watchMicrophone(stream);
  }

  /** A new MediaRecorder on the recording's input, started, its chunks going to `part`. Throws if it cannot start. */
  function launchPart(part: number, startMs: number): PartRecorder {
    const input = graph ? graph.destination.stream : stream;
    if (!input) throw new RecorderError(RECORDER_MESSAGES.failed);
    const media = createMediaRecorder(input, recorders[0]?.media.mimeType);
    const recorder: PartRecorder = {
      part,
      startMs,
      media,
      chunks: [],
      nextChunk: 0,
      stopped: new Promise((resolve) => media.addEventListener("stop", () => resolve(), { once: true })),
    };
    media.addEventListener("dataavailable", (event: BlobEvent) => {
      dataEvents += 1;
      if (state !== "cancelled" && event.data && event.data.size > 0) {
        const chunk = event.data;
        const number = recorder.nextChunk++;
        recorder.chunks.push(chunk);
        enqueue(async () => {
          const index = partChunkIndex(part, number);
          if (await appendChunk(id, index, chunk)) onChunkStored?.({ index, part, size: chunk.size });
        });
      }
      // Chunks keep coming every 500 ms in a background tab whose timers the browser slows down: a cut is not late.
      runDueCuts();
    });
    // The browser ends the recording after an error; stop() still hands over what was captured.
    media.addEventListener("error", (event: Event) => onError?.(new RecorderError(RECORDER_MESSAGES.failed, (event as ErrorEvent).error ?? event)));
    media.start(CHUNK_INTERVAL_MS);
    recorders.push(recorder);
    running.push(recorder);
    return recorder;
  }

  /** Cuts and ends overlaps that are due; true when it did something. */
  function runDueCuts(): boolean {
    if (state !== "recording") return false;
    const now = monotonicNow();
    let acted = false;
    for (const recorder of running) {
      if (recorder.stopAt !== undefined && now >= recorder.stopAt) {
        retire(recorder);
        acted = true;
      }
    }
    if (now >= nextCutAt) {
      cut(now);
      acted = true;
    }
    if (acted) scheduleCuts();
    return acted;
  }

  /** One timer, for whichever comes first: the next cut or the end of an overlap. */
  function scheduleCuts(): void {
    clearTimeout(cutTimer);
    cutTimer = undefined;
    if (state !== "recording") return;
    const due = Math.min(nextCutAt, ...running.map((recorder) => recorder.stopAt ?? Infinity));
    if (!Number.isFinite(due)) return;
    cutTimer = setTimeout(
      () => {
        cutTimer = undefined;
        if (!runDueCuts()) scheduleCuts();
      },
      Math.max(0, due - monotonicNow()),
    );
  }

  function clearCuts(): void {
    clearTimeout(cutTimer);
    cutTimer = undefined;
    nextCutAt = Infinity;
  }

  /** Starts the next part now; the current one runs on for the overlap. */
  function cut(now: number): void {
    const previous = running.filter((recorder) => recorder.stopAt === undefined);
    const part = recorders.length;
    // Whole ms, each part after the one before: what an upload plan requires.
    const startMs = Math.max(Math.round(now - clockStart), (recorders.at(-1)?.startMs ?? 0) + 1);
    try {
      launchPart(part, startMs);
    } catch (error) {
      // The running part goes on (a longer part beats a gap); the cut is tried again a little later.
      nextCutAt = now + CUT_RETRY_MS;
      if (!cutFailureReported) console.warn(`Recording ${id}: could not start part ${part}; trying again.`, error);
      cutFailureReported = true;
      return;
    }
    // Queued before any of the new part's chunks: a browser delivers dataavailable as a task, never inside start().
    enqueue(async () => {
      if (begun) await beginPart(id, part, startMs);
    });
    for (const recorder of previous) recorder.stopAt = now + overlapMs;
    // On the grid from the recording's start, so late timers do not add up; a cut missed altogether is not made up.
    nextCutAt += partMs;
    if (nextCutAt <= now) nextCutAt = now + partMs;
  }

  /** The overlap is over: this recorder's last chunk arrives with its "stop" event. */
  function retire(recorder: PartRecorder): void {
    recorder.stopAt = undefined;
    running = running.filter((other) => other !== recorder);
    if (recorder.media.state !== "inactive") recorder.media.stop();
  }

  /** Stops every recorder still running (both during an overlap) and waits for their last chunks, within the timeout. */
  function waitForStopEvents(): Promise<void> {
    clearCuts();
    for (const recorder of recorders) if (recorder.media.state !== "inactive") recorder.media.stop();
    running = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_EVENT_TIMEOUT_MS)));
    const allStopped = Promise.all(recorders.map((recorder) => recorder.stopped)).then(() => undefined);
    return Promise.race([allStopped, timeout]).finally(() => clearTimeout(timer));
  }

  async function finish(): Promise<RecordedAudio> {
    state = "stopping";
    stopReconnecting();
    // "stop" fires after the final dataavailable; the queue then holds the last chunks' writes.
    await waitForStopEvents();
    releaseMicrophone();
    const durationMs = Date.now() - startedAt;
    // Marked "stopped" even after a failed chunk write: that prefix is all this device kept, and it is complete.
    writes = writes
      .then(() => (begun ? finishRecording(id) : true))
      .then((kept) => {
        // The stored copy is gone (another tab that could not see this one's lock took it for abandoned and deleted it):
        // what is stored under the id now is at most stray chunks no one can read, so the copy in memory is the one sent.
        if (!kept && storing && state !== "cancelled") {
          storing = false;
          reportStorageError(new AudioStorageError("failed"));
        }
      }, reportStorageError);
    await writes;
    // cancel() may have run while we waited (TypeScript cannot see that across the awaits).
    if ((state as RecorderState) === "cancelled") throw new RecorderError("The recording was cancelled.");
    state = "stopped";

    const mimeType = recorders[0]?.media.mimeType || recorders[0]?.chunks[0]?.type || pickMimeType() || "audio/webm";
    if (dataEvents === 0) {
      await deleteRecording(id).catch(() => undefined);
      throw new RecorderError(RECORDER_MESSAGES.noAudio);
    }
    const parts: RecordedPart[] = recorders
      .filter((recorder) => recorder.chunks.length > 0)
      .map((recorder) => ({ index: recorder.part, startMs: recorder.startMs, blob: new Blob(recorder.chunks, { type: mimeType }) }));
    const size = parts.reduce((total, part) => total + part.blob.size, 0);
    if (size === 0) {
      await deleteRecording(id).catch(() => undefined);
      throw new RecorderError(RECORDER_MESSAGES.emptyBlob);
    }
    const blob = parts.length === 1 ? parts[0]!.blob : new Blob([], { type: mimeType });
    return { id, blob, parts, mimeType, size, durationMs, storedLocally: storing };
  }

  function stopStarted(): Promise<RecordedAudio> {
    if (state !== "recording") return Promise.reject(new RecorderError("The recorder is not recording."));
    stopping = finish();
    return stopping;
  }

  return {
    id,
    get state() {
      return state;
    },
    get reconnecting() {
      return reconnecting;
    },
    start() {
      starting = start();
      return starting;
    },
    stop() {
      if (stopping) return stopping;
      // Asked to stop before the microphone is open: the start is let finish, and the recording then stopped at once, so
      // no microphone is left open and nothing left recording that no one can stop any more.
      if (state === "starting" && starting) {
        stopping = starting.then(
          () => stopStarted(),
          () => stopStarted(),
        );
        return stopping;
      }
      return stopStarted();
    },
    async cancel() {
      if (state === "cancelled" || state === "stopped") return;
      const wasRecording = state === "recording" || state === "stopping";
      state = "cancelled";
      clearCuts();
      stopReconnecting();
      if (wasRecording) await waitForStopEvents();
      releaseMicrophone();
      await writes;
      // The user asked for it to be gone; a failure here leaves audio that recovery will find and offer again.
      await deleteRecording(id).catch((error: unknown) => console.warn(`Could not delete cancelled recording ${id}.`, error));
    },
  };
}
