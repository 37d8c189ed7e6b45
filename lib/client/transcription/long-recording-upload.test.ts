import { ApiRequestError } from "@/lib/client/api/request";
import { LONG_RECORDING_TEXTS, pieceCount, pieceRange, UPLOAD_PIECE_BYTES, type PartTranscript } from "@/lib/domain/transcription/long-recording";

import {
  needsPartsUpload,
  ONE_PIECE_MAX_BASE64_CHARS,
  PIECE_ATTEMPTS,
  transcribeInParts,
  type LongRecordingDeps,
  type LongRecordingProgress,
  type PlacedPartTranscript,
  type RecordingParts,
} from "./long-recording-upload";
import { TranscriptionRequestError } from "./transcribe-client";

// The browser side of a recording sent in parts (issue 14 §2), against an in-memory server that keeps to the contract of
// /api/uploads: plan, pieces, per-part transcription, resume, and every failure leaving a retry that sends nothing twice.

const sha256Hex = async (bytes: ArrayBuffer) =>
  Buffer.from(await crypto.subtle.digest("SHA-256", bytes))
    .toString("hex")
    .toLowerCase();

type Call = { method: string; path: string; body?: unknown; raw?: Uint8Array; headers: Record<string, string> };
type Failure = { status: number; body: unknown } | "network";

/** The server of /api/uploads as the contract describes it, with failures queued per route. */
class FakeUploadServer {
  calls: Call[] = [];
  uploads = new Map<string, { plan: { parts: { bytes: number; pieces: string[] }[] }; stored: Set<string>; token?: string; clientId: string }>();
  failures: { match: (call: Call) => boolean; failure: Failure }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  guest = false;
  private nextId = 1;

  fail(match: (call: Call) => boolean, ...failures: Failure[]) {
    for (const failure of failures) this.failures.push({ match, failure });
  }

  send: LongRecordingDeps["send"] = async (method, path, options = {}) => {
    const raw = options.rawBody ? new Uint8Array(await new Blob([options.rawBody]).arrayBuffer()) : undefined;
    const call: Call = { method, path, body: options.body, raw, headers: options.headers ?? {} };
    this.calls.push(call);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const queued = this.failures.findIndex(({ match }) => match(call));
      if (queued !== -1) {
        const { failure } = this.failures.splice(queued, 1)[0]!;
        if (failure === "network") throw new TypeError("Failed to fetch");
        throw new ApiRequestError(failure.status, "", JSON.stringify(failure.body));
      }
      return await this.answer(call);
    } finally {
      this.inFlight -= 1;
    }
  };

  private async answer(call: Call): Promise<Response> {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const notFound = () => new ApiRequestError(404, "Not Found", JSON.stringify({ error: "Not found" }));
    if (call.method === "POST" && call.path === "/api/uploads") {
      const body = call.body as { clientId: string; parts: { bytes: number; pieces: string[] }[] };
      const existing = [...this.uploads.entries()].find(([, upload]) => upload.clientId === body.clientId);
      if (existing) return json(this.state(existing[0]));
      const id = `up${this.nextId++}`;
      this.uploads.set(id, { plan: body, stored: new Set(), clientId: body.clientId, ...(this.guest ? { token: `tok-${id}` } : {}) });
      return json({ ...this.state(id), ...(this.guest ? { uploadToken: `tok-${id}` } : {}) });
    }
    const match = /^\/api\/uploads\/([^/]+)(?:\/parts\/(\d+)\/(?:pieces\/(\d+)|(transcribe)))?$/.exec(call.path);
    const upload = match ? this.uploads.get(match[1]!) : undefined;
    if (!match || !upload || (upload.token && call.headers["x-upload-token"] !== upload.token)) throw notFound();
    const [, id, part, piece, transcribe] = match;
    if (call.method === "GET") return json(this.state(id!));
    if (call.method === "DELETE") {
      this.uploads.delete(id!);
      return new Response(null, { status: 204 });
    }
    if (call.method === "PUT" && piece !== undefined) {
      const expected = upload.plan.parts[Number(part)]!.pieces[Number(piece)];
      if ((await sha256Hex(call.raw!.slice().buffer)) !== expected)
        throw new ApiRequestError(409, "", JSON.stringify({ error: LONG_RECORDING_TEXTS.pieceMismatch }));
      const key = `${part}/${piece}`;
      const stored = !upload.stored.has(key);
      upload.stored.add(key);
      return json({ stored });
    }
    if (call.method === "POST" && transcribe) {
      const missing = this.missing(id!).filter(([p]) => p === Number(part));
      if (missing.length > 0) throw new ApiRequestError(409, "", JSON.stringify({ error: LONG_RECORDING_TEXTS.piecesMissing, missing }));
      const names = ((call.body as { speakerReferences: { name: string }[] }).speakerReferences ?? []).map(({ name }) => name);
      const transcript: PartTranscript = {
        part: Number(part),
        segments: [
          { speaker: names[0] ?? "A", text: `part ${part} first`, start: 0, end: 5 },
          { speaker: names[1] ?? "B", text: `part ${part} second`, start: 5, end: 10 },
        ],
        referencesUsed: names.length > 0,
        fallback: false,
      };
      return json(transcript);
    }
    throw notFound();
  }

  private missing(id: string): [number, number][] {
    const upload = this.uploads.get(id)!;
    return upload.plan.parts.flatMap((part, p) => part.pieces.map((_, k) => [p, k] as [number, number])).filter(([p, k]) => !upload.stored.has(`${p}/${k}`));
  }

  private state(id: string) {
    return { uploadId: id, parts: this.uploads.get(id)!.plan.parts.length, missing: this.missing(id), expiresAt: "2026-11-24T00:00:00.000Z" };
  }

  count(method: string, pattern: RegExp) {
    return this.calls.filter((call) => call.method === method && pattern.test(call.path)).length;
  }
}

/** The audio store's side store, in memory. */
function extras() {
  const values = new Map<string, unknown>();
  return {
    values,
    putExtra: jest.fn(async (id: string, key: string, value: unknown) => void values.set(`${id}/${key}`, structuredClone(value))),
    getExtra: jest.fn(async (id: string, key: string) => values.get(`${id}/${key}`)),
  };
}

/** A merge that keeps what it was given visible to the test: each segment shifted by its part's start. */
const merge = jest.fn((parts: PlacedPartTranscript[]) => {
  const segments = parts.flatMap(({ startMs, transcript }) =>
    transcript.segments.map((segment) => ({ ...segment, start: segment.start + startMs / 1000, end: segment.end + startMs / 1000 })),
  );
  return { transcript: segments.map((segment) => `${segment.speaker}: ${segment.text}`).join("\n"), segments, speakers: {}, speakerStats: {} };
});

function setup({ guest = false } = {}) {
  const server = new FakeUploadServer();
  server.guest = guest;
  const store = extras();
  const sleeps: number[] = [];
  const speakerReferences = jest.fn(async (_blob: Blob, transcript: PartTranscript) =>
    [...new Set(transcript.segments.map((segment) => segment.speaker))].map((name) => ({ name, audio: "UklGRg==" })),
  );
  const deps: LongRecordingDeps = {
    send: server.send,
    putExtra: store.putExtra,
    getExtra: store.getExtra,
    sha256Hex,
    speakerReferences,
    merge,
    sleep: async (ms) => void sleeps.push(ms),
  };
  return { server, store, deps, sleeps, speakerReferences };
}

/** `sizes` bytes per part, each byte the part's number (so a piece of one part never hashes like another's). */
function recordingOf(sizes: number[]): RecordingParts {
  return {
    mimeType: "audio/ogg;codecs=opus",
    parts: sizes.map((size, index) => ({ index, startMs: index * 596_000, blob: new Blob([new Uint8Array(size).fill(index + 1)]) })),
  };
}

const options = (extra: Partial<Parameters<typeof transcribeInParts>[1]> = {}) => ({ clientId: "rec-long", language: "en", ...extra });

beforeEach(() => merge.mockClear());

test("plans with a sha256 per piece, sends each piece once, transcribes the parts in order with the first part's speakers, merges and closes", async () => {
  const { server, store, deps, speakerReferences } = setup();
  const recording = recordingOf([UPLOAD_PIECE_BYTES + 10, 2_000, 3_000]);
  const progress: LongRecordingProgress[] = [];

  const result = await transcribeInParts(recording, options({ onProgress: (p) => progress.push(p) }), deps);

  const [create] = server.calls;
  expect(create).toEqual(expect.objectContaining({ method: "POST", path: "/api/uploads" }));
  const plan = create!.body as { clientId: string; soloMode: boolean; parts: { startMs: number; bytes: number; pieces: string[] }[] };
  expect(plan.clientId).toBe("rec-long");
  expect(plan.parts.map(({ startMs, bytes }) => ({ startMs, bytes }))).toEqual([
    { startMs: 0, bytes: UPLOAD_PIECE_BYTES + 10 },
    { startMs: 596_000, bytes: 2_000 },
    { startMs: 1_192_000, bytes: 3_000 },
  ]);
  expect(plan.parts[0]!.pieces).toHaveLength(2);
  const firstBlob = recording.parts[0]!.blob;
  const { start, end } = pieceRange(firstBlob.size, 1);
  expect(plan.parts[0]!.pieces[1]).toBe(await sha256Hex(await firstBlob.slice(start, end).arrayBuffer()));

  // Four pieces, each once, as raw bytes; no more than two at a time.
  const puts = server.calls.filter((call) => call.method === "PUT").map((call) => call.path);
  expect(puts.sort()).toEqual([
    "/api/uploads/up1/parts/0/pieces/0",
    "/api/uploads/up1/parts/0/pieces/1",
    "/api/uploads/up1/parts/1/pieces/0",
    "/api/uploads/up1/parts/2/pieces/0",
  ]);
  expect(server.calls.find((call) => call.method === "PUT")!.headers["Content-Type"]).toBe("application/octet-stream");
  expect(server.maxInFlight).toBeLessThanOrEqual(2);

  const transcribes = server.calls.filter((call) => call.path.endsWith("/transcribe"));
  expect(transcribes.map((call) => call.path)).toEqual([0, 1, 2].map((part) => `/api/uploads/up1/parts/${part}/transcribe`));
  expect(transcribes[0]!.body).toEqual({ speakerReferences: [] });
  expect(transcribes[1]!.body).toEqual({
    speakerReferences: [
      { name: "A", audio: "UklGRg==" },
      { name: "B", audio: "UklGRg==" },
    ],
  });
  expect(transcribes[2]!.body).toEqual(transcribes[1]!.body);
  expect(speakerReferences).toHaveBeenCalledTimes(1);
  expect(speakerReferences).toHaveBeenCalledWith(firstBlob, expect.objectContaining({ part: 0 }));

  expect(merge).toHaveBeenCalledWith(
    [
      expect.objectContaining({ startMs: 0, transcript: expect.objectContaining({ part: 0 }) }),
      expect.objectContaining({ startMs: 596_000, transcript: expect.objectContaining({ part: 1, referencesUsed: true }) }),
      expect.objectContaining({ startMs: 1_192_000, transcript: expect.objectContaining({ part: 2 }) }),
    ],
    ["A", "B"],
  );
  expect(result).toEqual(expect.objectContaining({ clientId: "rec-long", fallback: false }));
  expect(result.segments.map((segment) => segment.start)).toEqual([0, 5, 596, 601, 1192, 1197]);

  expect(server.calls.at(-1)).toEqual(expect.objectContaining({ method: "DELETE", path: "/api/uploads/up1" }));
  expect(server.uploads.size).toBe(0);
  expect(store.values.get("rec-long/upload")).toEqual({ uploadId: "up1" });
  expect(store.values.get("rec-long/part-2")).toEqual(expect.objectContaining({ part: 2 }));

  expect(progress[0]).toEqual({ phase: "uploading", part: 1, parts: 3 });
  expect(progress.filter((p) => p.phase === "transcribing")).toEqual([1, 2, 3].map((part) => ({ phase: "transcribing", part, parts: 3 })));
});

test("a guest's upload carries its token on every call after the plan", async () => {
  const { server, store, deps } = setup({ guest: true });
  await transcribeInParts(recordingOf([1_000, 1_000]), options(), deps);
  expect(store.values.get("rec-long/upload")).toEqual({ uploadId: "up1", uploadToken: "tok-up1" });
  const later = server.calls.slice(1);
  expect(later.length).toBeGreaterThan(4);
  for (const call of later) expect(call.headers["x-upload-token"]).toBe("tok-up1");
});

test("a part that fails to transcribe keeps everything done so far; the retry resumes there, sending no piece and no part twice", async () => {
  const { server, deps } = setup({ guest: true });
  const recording = recordingOf([1_000, 1_000, 1_000, 1_000]);
  server.fail((call) => call.path.endsWith("/parts/2/transcribe"), { status: 503, body: { error: "Service Unavailable", keepAudioLocally: true } });

  const failure = await transcribeInParts(recording, options(), deps).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(TranscriptionRequestError);
  expect(failure).toEqual(expect.objectContaining({ message: "Service Unavailable", status: 503 }));
  expect(server.count("DELETE", /./)).toBe(0);

  server.calls = [];
  const result = await transcribeInParts(recording, options(), deps);
  // Resumed by GET with the stored token, not a new plan; parts 0 and 1 came from the device.
  expect(server.calls[0]).toEqual(expect.objectContaining({ method: "GET", path: "/api/uploads/up1", headers: { "x-upload-token": "tok-up1" } }));
  expect(server.count("POST", /^\/api\/uploads$/)).toBe(0);
  expect(server.count("PUT", /./)).toBe(0);
  expect(server.calls.filter((call) => call.path.endsWith("/transcribe")).map((call) => call.path)).toEqual([
    "/api/uploads/up1/parts/2/transcribe",
    "/api/uploads/up1/parts/3/transcribe",
  ]);
  expect(result.segments).toHaveLength(8);
});

test("a reload mid-upload: the stored upload is asked for first and only the pieces the server lacks are sent", async () => {
  const { server, deps } = setup();
  const recording = recordingOf([1_000, 1_000, 1_000]);
  // The first attempt stops after two pieces: the connection drops for good on the third.
  server.fail((call) => call.path.endsWith("/parts/2/pieces/0"), ...Array.from({ length: PIECE_ATTEMPTS }, () => "network" as const));
  await expect(transcribeInParts(recording, options(), deps)).rejects.toThrow("Connection error: Failed to fetch");
  expect(server.count("POST", /\/transcribe$/)).toBe(0);

  server.calls = [];
  await transcribeInParts(recording, options(), deps);
  expect(server.calls[0]).toEqual(expect.objectContaining({ method: "GET", path: "/api/uploads/up1" }));
  expect(server.calls.filter((call) => call.method === "PUT").map((call) => call.path)).toEqual(["/api/uploads/up1/parts/2/pieces/0"]);
});

test("a stored upload the server no longer has (404) starts a new one", async () => {
  const { server, store, deps } = setup();
  store.values.set("rec-long/upload", { uploadId: "gone" });
  await transcribeInParts(recordingOf([1_000, 1_000]), options(), deps);
  expect(server.calls.slice(0, 2).map((call) => `${call.method} ${call.path}`)).toEqual(["GET /api/uploads/gone", "POST /api/uploads"]);
  expect(store.values.get("rec-long/upload")).toEqual({ uploadId: "up1" });
});

test("a piece that fails is sent again after a growing wait; one that keeps failing ends the upload after a bounded number of tries", async () => {
  const { server, deps, sleeps } = setup();
  server.fail((call) => call.path.endsWith("/parts/1/pieces/0"), { status: 503, body: { error: "busy" } }, "network");
  await transcribeInParts(recordingOf([1_000, 1_000]), options(), deps);
  expect(server.count("PUT", /\/parts\/1\/pieces\/0$/)).toBe(3);
  expect(sleeps).toEqual([1_000, 2_000]);

  const again = setup();
  again.server.fail((call) => call.method === "PUT", ...Array.from({ length: 20 }, () => ({ status: 502, body: { error: "Bad Gateway" } })));
  await expect(transcribeInParts(recordingOf([1_000]), options(), again.deps)).rejects.toBeInstanceOf(TranscriptionRequestError);
  expect(again.server.count("PUT", /./)).toBe(PIECE_ATTEMPTS);
  expect(again.sleeps).toEqual([1_000, 2_000, 4_000]);
  expect(again.server.count("POST", /\/transcribe$/)).toBe(0);
});

test("a refused piece (400) is not tried again; the rate limit's wait reaches the flow", async () => {
  const { server, deps } = setup();
  server.fail((call) => call.method === "PUT", { status: 400, body: { error: "Bad piece" } });
  await expect(transcribeInParts(recordingOf([1_000]), options(), deps)).rejects.toThrow("Bad piece");
  expect(server.count("PUT", /./)).toBe(1);

  const limited = setup();
  limited.server.fail((call) => call.path === "/api/uploads", { status: 429, body: { error: "Too many requests", retryAfterSeconds: 120 } });
  const error = await transcribeInParts(recordingOf([1_000]), options(), limited.deps).catch((caught: unknown) => caught);
  expect(error).toEqual(expect.objectContaining({ retryAfterSeconds: 120, status: 429 }));
});

test("pieces the server says are missing when a part is transcribed are sent once more, then the part", async () => {
  const { server, deps } = setup();
  const recording = recordingOf([1_000, 1_000]);
  // The server lost a stored piece (an expired or cleaned-up store) by the time the part is transcribed.
  const original = server.send;
  let wiped = false;
  deps.send = async (method, path, opts) => {
    if (!wiped && path.endsWith("/parts/1/transcribe")) {
      wiped = true;
      server.uploads.get("up1")!.stored.delete("1/0");
    }
    return original(method, path, opts);
  };
  await transcribeInParts(recording, options(), deps);
  expect(server.count("PUT", /\/parts\/1\/pieces\/0$/)).toBe(2);
  expect(server.count("POST", /\/parts\/1\/transcribe$/)).toBe(2);
});

test("without speaker clips (the part could not be decoded) the later parts are sent with none, and the merge is told so", async () => {
  const { server, deps, speakerReferences } = setup();
  speakerReferences.mockRejectedValueOnce(new Error("EncodingError"));
  await transcribeInParts(recordingOf([1_000, 1_000]), options(), deps);
  const [, second] = server.calls.filter((call) => call.path.endsWith("/transcribe"));
  expect(second!.body).toEqual({ speakerReferences: [] });
  expect(merge).toHaveBeenCalledWith(expect.any(Array), []);
});

test("a device that cannot keep the upload's progress still sends the recording (only the resume is lost)", async () => {
  const { server, deps } = setup();
  deps.putExtra = async () => {
    throw new Error("QuotaExceededError");
  };
  const result = await transcribeInParts(recordingOf([1_000, 1_000]), options(), deps);
  expect(result.segments).toHaveLength(4);
  expect(server.count("DELETE", /./)).toBe(1);
});

test("a server answer that is not a part transcript is the flow's invalid-transcription error, and nothing is stored for that part", async () => {
  const { deps, store } = setup();
  const original = deps.send;
  deps.send = async (method, path, opts) =>
    path.endsWith("/parts/1/transcribe") ? new Response(JSON.stringify({ nope: true }), { status: 200 }) : original(method, path, opts);
  await expect(transcribeInParts(recordingOf([1_000, 1_000]), options(), deps)).rejects.toThrow("Invalid transcription response format");
  expect(store.values.has("rec-long/part-0")).toBe(true);
  expect(store.values.has("rec-long/part-1")).toBe(false);
});

test("an expired upload mid-way says so with the contract's text", async () => {
  const { server, deps } = setup();
  server.fail((call) => call.path.endsWith("/parts/1/transcribe"), { status: 404, body: { error: "Not found" } });
  await expect(transcribeInParts(recordingOf([1_000, 1_000]), options(), deps)).rejects.toThrow(LONG_RECORDING_TEXTS.uploadNotFound);
});

test("plans the contract refuses are refused before anything is sent", async () => {
  const { server, deps } = setup();
  await expect(transcribeInParts(recordingOf(Array.from({ length: 25 }, () => 10)), options(), deps)).rejects.toThrow(LONG_RECORDING_TEXTS.tooLong);
  await expect(transcribeInParts(recordingOf([19 * 1024 * 1024 + 1]), options(), deps)).rejects.toThrow(LONG_RECORDING_TEXTS.partTooLarge);
  expect(server.calls).toHaveLength(0);
});

test("a Solo Journal in parts is one voice, named like the one-piece path names it", async () => {
  const { server, deps } = setup();
  const result = await transcribeInParts(recordingOf([1_000, 1_000]), options({ soloMode: true, speakerName: "Ana" }), deps);
  expect((server.calls[0]!.body as { soloMode: boolean }).soloMode).toBe(true);
  expect(new Set(result.segments.map((segment) => segment.speaker))).toEqual(new Set(["Ana"]));
  expect(Object.keys(result.speakers)).toEqual(["Ana"]);
});

test("which recordings go in parts: more than one part, or one part longer than /api/transcribe takes", () => {
  const bytesAt = (chars: number) => (chars / 4) * 3;
  expect(needsPartsUpload(recordingOf([1_000]))).toBe(false);
  expect(needsPartsUpload(recordingOf([1_000, 1_000]))).toBe(true);
  expect(needsPartsUpload(recordingOf([bytesAt(ONE_PIECE_MAX_BASE64_CHARS)]))).toBe(false);
  expect(needsPartsUpload(recordingOf([bytesAt(ONE_PIECE_MAX_BASE64_CHARS) + 3]))).toBe(true);
  expect(pieceCount(bytesAt(ONE_PIECE_MAX_BASE64_CHARS) + 3)).toBe(2);
});
