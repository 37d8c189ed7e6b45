import { classifyTranscriptionFailure } from "@/lib/domain/errors/classify";

import { ApiRequestError, RequestTimeoutError } from "../api/request";
import { requestTranscription, TranscriptionRequestError } from "./transcribe-client";

// How the upload's failures under the limits of issue 15 reach the flow: which path of the spec each one takes.

async function failure(error: unknown): Promise<TranscriptionRequestError> {
  const caught = await requestTranscription({ audio: "AAAA" }, async () => Promise.reject(error)).catch((thrown: unknown) => thrown);
  expect(caught).toBeInstanceOf(TranscriptionRequestError);
  return caught as TranscriptionRequestError;
}
const kind = (error: TranscriptionRequestError) => classifyTranscriptionFailure({ message: error.message, failedSessionId: error.failedSessionId });

describe("the upload under the limits", () => {
  it("a server busy with other recordings (503) takes the connection path: the dialog, the recording kept", async () => {
    const body = JSON.stringify({ error: "Service Unavailable: the server is busy with other recordings. Please try again in a moment.", code: "unavailable" });
    const error = await failure(new ApiRequestError(503, "Service Unavailable", body, 15));
    expect(kind(error)).toBe("connection");
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it("a server that does not answer in time takes the connection path too", async () => {
    const error = await failure(new RequestTimeoutError());
    expect(error.message).toBe("Connection error: The server took too long to answer.");
    expect(kind(error)).toBe("connection");
  });

  it("a rate-limited upload (429) carries the wait for the message", async () => {
    const body = JSON.stringify({ error: "Too many requests. Please try again in 8 minutes.", code: "rate_limited", retryAfterSeconds: 480 });
    const error = await failure(new ApiRequestError(429, "Too Many Requests", body, 480));
    expect(error.retryAfterSeconds).toBe(480);
    expect(error.status).toBe(429);
    expect(error.message).toBe("Too many requests. Please try again in 8 minutes.");
  });
});
