import { classifyTranscriptionFailure } from "@/lib/domain/errors/classify";

import { ApiRequestError } from "../api/request";
import { requestTranscription, TranscriptionRequestError } from "./transcribe-client";

const ok = (body: unknown) => async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status: 200 });
const failWith = (status: number, body: string) => async () => {
  throw new ApiRequestError(status, "", body);
};
const result = { transcript: "SPEAKER_01: hi", segments: [{ speaker: "SPEAKER_01", text: "hi", start: 0, end: 1 }], speakers: {}, speakerStats: {} };

async function failure(send: Parameters<typeof requestTranscription>[1]): Promise<TranscriptionRequestError> {
  const error = await requestTranscription({ audio: "AAAA" }, send).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(TranscriptionRequestError);
  return error as TranscriptionRequestError;
}

describe("requestTranscription", () => {
  it("returns a valid result with fallback defaulted to false", async () => {
    await expect(requestTranscription({ audio: "AAAA" }, ok(result))).resolves.toMatchObject({ transcript: "SPEAKER_01: hi", fallback: false });
  });

  it("an HTML page instead of JSON is the spec's error", async () => {
    expect((await failure(ok("<!DOCTYPE html><html><body>Gateway</body></html>"))).message).toBe("Server returned HTML instead of JSON...");
    expect((await failure(failWith(502, "<html>Bad gateway</html>"))).message).toBe("Server returned HTML instead of JSON...");
  });

  it("unparseable or wrongly shaped answers are the spec's errors", async () => {
    expect((await failure(ok("{nope"))).message).toBe("Invalid response format...");
    expect((await failure(ok({ transcript: 5 }))).message).toBe("Invalid transcription response format");
  });

  it("carries the server's message and failed session id", async () => {
    const error = await failure(failWith(503, JSON.stringify({ error: "Transcription failed: openai: Service Unavailable (503)", failedSessionId: "s-1" })));
    expect(error.message).toBe("Transcription failed: openai: Service Unavailable (503)");
    expect(error.failedSessionId).toBe("s-1");
    expect(error.status).toBe(503);
  });

  it("a network failure is classified as a connection error", async () => {
    const error = await failure(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(error.message).toBe("Connection error: Failed to fetch");
    expect(classifyTranscriptionFailure(error)).toBe("connection");
  });

  it("a not-configured answer is neither a connection error nor retryable on the server", async () => {
    const error = await failure(failWith(503, JSON.stringify({ error: "Transcription is not configured on this server yet." })));
    expect(classifyTranscriptionFailure(error)).toBe("other");
  });
});
