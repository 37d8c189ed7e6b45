/**
 * @jest-environment jsdom
 */
import { MicrophonePermissionError, RECORDER_MESSAGES, RecorderError, RecorderUnsupportedError, type AudioRecorder } from "@/lib/client/recordings/recorder";

import { startCapture } from "./capture";

// Why the microphone did not open, as the user is told (spec part 1 section 5; the spec has no text for a denied microphone).

jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");

const failingWith = (error: unknown) => ({ start: jest.fn(async () => Promise.reject(error)) }) as unknown as AudioRecorder;

beforeEach(() => jest.clearAllMocks());

test("a browser that cannot record: the spec's 'Audio Recording Not Supported' toast, word for word", async () => {
  expect(await startCapture(failingWith(new RecorderUnsupportedError()))).toBe(false);
  expect(showToast).toHaveBeenCalledWith({
    title: "Audio Recording Not Supported",
    description: "Your browser doesn't support audio recording. Please try a different browser.",
    variant: "destructive",
  });
});

test.each([
  ["denied", new MicrophonePermissionError(), RECORDER_MESSAGES.permissionDenied],
  ["missing", new RecorderError(RECORDER_MESSAGES.noMicrophone), RECORDER_MESSAGES.noMicrophone],
  ["any other failure", new Error("boom"), RECORDER_MESSAGES.failed],
])("a microphone %s is not called an unsupported browser: 'Microphone Unavailable' with the reason", async (_case, error, description) => {
  expect(await startCapture(failingWith(error))).toBe(false);
  expect(showToast).toHaveBeenCalledWith({ title: "Microphone Unavailable", description, variant: "destructive" });
});

test("an opened microphone: true, nothing said", async () => {
  expect(await startCapture({ start: jest.fn(async () => undefined) } as unknown as AudioRecorder)).toBe(true);
  expect(showToast).not.toHaveBeenCalled();
});
