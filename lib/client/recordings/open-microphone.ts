// The permission prompt's answer is not guaranteed: Firefox hides a prompt the user looks away from and leaves the request
// pending, and some in-app browsers never answer at all. Every wait for a microphone therefore has an end; past it the
// microphone counts as unavailable, like one the browser refused.

/** How long a microphone request may take, the permission prompt included: long enough to read the prompt and decide. */
export const MICROPHONE_OPEN_TIMEOUT_MS = 30_000;

/** The browser gave no answer within the bound. */
export class MicrophoneTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The microphone did not open within ${timeoutMs / 1000} s.`);
    this.name = "MicrophoneTimeoutError";
  }
}

function stopTracks(stream: MediaStream): void {
  stream.getTracks().forEach((track) => track.stop());
}

/**
 * getUserMedia, rejecting with MicrophoneTimeoutError after `timeoutMs`. A stream granted after that is stopped at once:
 * nobody holds it any more, and left alone it would keep the microphone (and the browser's recording indicator) on.
 */
export function openMicrophone(constraints: MediaStreamConstraints, timeoutMs = MICROPHONE_OPEN_TIMEOUT_MS): Promise<MediaStream> {
  return new Promise<MediaStream>((resolve, reject) => {
    const request = Promise.resolve(navigator.mediaDevices.getUserMedia(constraints));
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      reject(new MicrophoneTimeoutError(timeoutMs));
    }, timeoutMs);
    request.then(
      (stream) => {
        if (expired) return stopTracks(stream);
        clearTimeout(timer);
        resolve(stream);
      },
      (error: unknown) => {
        if (expired) return;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
