import { apiRequest } from "@/lib/client/api/request";
import { forgetExtrasInMemory, withExtrasInMemory } from "@/lib/client/transcription/stored-upload";
import { closeStoredUpload } from "@/lib/client/transcription/uploads-to-close";

import { deleteRecording, getRecordingExtra, putRecordingExtra } from "./audio-store";

/**
 * Deletes a recording the user let go of before its transcript was stored (a failed entry deleted, this device's data
 * deleted), with the pieces of it the server keeps for a retry when it was sent in parts: otherwise they would stay until
 * the upload expires, and a guest's upload could not be reached at all once its token, kept beside the audio, is gone. The
 * server is asked first, for that reason; an upload it cannot be told about now waits, with its token, to be closed when
 * the app opens or the connection comes back (uploads-to-close.ts). Rejects only when the browser refuses to delete the
 * audio.
 */
export async function discardRecording(audioKey: string): Promise<void> {
  const extras = withExtrasInMemory({ put: putRecordingExtra, get: getRecordingExtra });
  await closeStoredUpload(audioKey, (method, path, options) => apiRequest(method, path, options), extras.get);
  forgetExtrasInMemory(audioKey);
  await deleteRecording(audioKey);
}
