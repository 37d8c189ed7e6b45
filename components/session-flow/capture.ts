import { FAILURE_TEXTS, RECORDING_TEXTS, TRANSCRIPTION_ERRORS } from "@/components/recording/texts";
import type { RecordingMode } from "@/lib/client/recordings/audio-store";
import {
  createAudioRecorder,
  RECORDER_MESSAGES,
  RecorderError,
  RecorderUnsupportedError,
  type AudioRecorder,
  type RecordedAudio,
} from "@/lib/client/recordings/recorder";
import { releaseRecordingLock } from "@/lib/client/recordings/recording-locks";
import { showToast } from "@/lib/client/toast/toast-store";

import type { RecordingToSend } from "./transcription";

// A microphone capture as every flow uses it (the relationship recording, the growth follow-up): chunks kept in
// IndexedDB as they come, storage trouble shown as a Warning, and the user told when the microphone cannot start or the
// recording cannot be finished.

/**
 * A new capture named `{prefix}-{time}-{uuid}`; `onReconnectChange` hears a dropped microphone being sought again, and
 * `onMicrophoneEnded` one that ended the recording (where it was recorded directly, with no graph to reconnect it through).
 */
export function newCapture(
  prefix: string,
  {
    onReconnectChange,
    onMicrophoneEnded,
    mode = "couple",
  }: { onReconnectChange?: (lost: boolean) => void; onMicrophoneEnded?: () => void; mode?: RecordingMode } = {},
): AudioRecorder {
  return createAudioRecorder({
    id: `${prefix}-${Date.now()}-${crypto.randomUUID()}`,
    mode,
    onError: (error) => showToast({ title: FAILURE_TEXTS.warningTitle, description: error.message, variant: "destructive" }),
    onReconnectChange,
    onMicrophoneEnded,
  });
}

/**
 * Opens the microphone; false when it cannot, told why: a browser that cannot record gets the spec's "Audio Recording Not
 * Supported" toast (part 1 section 5), a microphone that cannot be opened (denied, missing, busy, or no answer within
 * MICROPHONE_OPEN_TIMEOUT_MS) "Microphone Unavailable" with the recorder's reason.
 */
export async function startCapture(capture: AudioRecorder): Promise<boolean> {
  try {
    await capture.start();
    return true;
  } catch (error) {
    if (error instanceof RecorderUnsupportedError) {
      showToast({ title: RECORDING_TEXTS.unsupportedTitle, description: RECORDING_TEXTS.unsupportedBody, variant: "destructive" });
    } else {
      const description = error instanceof RecorderError ? error.message : RECORDER_MESSAGES.failed;
      showToast({ title: RECORDING_TEXTS.microphoneUnavailableTitle, description, variant: "destructive" });
    }
    return false;
  }
}

/** What a stopped capture gives to send (or to keep for a retry). */
function recordingToSend(audio: RecordedAudio): RecordingToSend {
  return {
    audioKey: audio.id,
    mimeType: audio.mimeType,
    size: audio.size,
    recordedAt: Date.now() - audio.durationMs,
    // The in-memory copy is sent only when the browser refused to keep (all of) the audio.
    ...(audio.storedLocally ? {} : { blob: audio.blob, parts: audio.parts }),
  };
}

/** Stops the capture and gives what to send; null (with the "Transcription Error" toast) when nothing usable was recorded. */
export async function finishCapture(capture: AudioRecorder): Promise<RecordingToSend | null> {
  try {
    return recordingToSend(await capture.stop());
  } catch (error) {
    const description = error instanceof Error ? error.message : TRANSCRIPTION_ERRORS.emptyBlob;
    showToast({ title: FAILURE_TEXTS.transcriptionErrorTitle, description, variant: "destructive" });
    return null;
  }
}

/**
 * Stops the capture without sending it; `keep` keeps its audio as a failed recording, listed in the history to retry. Null
 * when nothing usable was recorded: the recorder deletes an empty recording, and there is nothing to keep.
 */
export async function setAsideCapture<T>(capture: AudioRecorder, keep: (recording: RecordingToSend) => Promise<T>): Promise<T | null> {
  try {
    const recording = await capture.stop().then(recordingToSend, () => null);
    return recording ? await keep(recording) : null;
  } finally {
    releaseRecordingLock(capture.id);
  }
}

/**
 * The page goes while a capture runs (a link or Back away from home in the middle of a recording): the microphone is closed
 * and the audio kept, finished and no longer this tab's, so the history lists it as a recording to retry, as after a closed
 * tab (recover-interrupted.ts). Left running, the microphone stayed open and the recording grew unseen, its lock hiding it
 * from the history, until the tab closed. `keep` writes what the audio needs beside it before it is let go.
 */
export async function leaveCapture(capture: AudioRecorder | null, keep?: (audioKey: string) => Promise<unknown>): Promise<void> {
  if (!capture) return;
  // The page is going: a failure has no one to tell. The audio stays stored whatever `keep` does.
  await setAsideCapture(capture, async (recording) => keep?.(recording.audioKey)).catch(() => undefined);
}
