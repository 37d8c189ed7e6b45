/** @jest-environment node */
import { createHash } from "node:crypto";

import { PUT as putPiece } from "@/app/api/uploads/[id]/parts/[part]/pieces/[piece]/route";
import { POST as transcribePart } from "@/app/api/uploads/[id]/parts/[part]/transcribe/route";
import { DELETE as deleteUpload, GET as getUpload } from "@/app/api/uploads/[id]/route";
import { POST as createUpload } from "@/app/api/uploads/route";
import {
  LONG_RECORDING_TEXTS,
  MAX_RECORDING_PARTS,
  PART_OVERLAP_SECONDS,
  pieceCount,
  pieceRange,
  RECORDING_PART_SECONDS,
  UPLOAD_PIECE_BYTES,
  type CreateUploadRequestInput,
  type PartTranscript,
  type UploadState,
} from "@/lib/domain/transcription/long-recording";
import { guestIpHash } from "@/lib/server/security/guest-ip-hash";
import { BUSY_MESSAGE, RECORDING_READS_PER_CALLER, RECORDING_READS_PER_SLOT } from "@/lib/server/security/in-flight";
import { deleteAccountData } from "@/lib/server/services/account-delete";
import { exportAccountData } from "@/lib/server/services/account-export";
import { runRetention } from "@/lib/server/services/retention";
import { MAX_OPEN_UPLOADS, TRANSCRIBE_CALLS_PER_PART } from "@/lib/server/services/uploads";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { generateOggOpus } from "@/tests/helpers/generated-audio";
import { bearer, routeContext } from "@/tests/helpers/requests";
import {
  geminiDialogue,
  geminiError,
  geminiGenerate,
  openAiDialogue,
  openAiError,
  openAiTranscription,
  PROVIDER_ENV,
  providersOutlivingTheClient,
  type SeenGemini,
  type SeenTranscription,
} from "@/tests/msw/providers";

const api = setUpApiTestContext();
const { server } = api;

// Megabytes of pieces hashed and stored per test: on a loaded 2-core machine a test can pass the default 30 s.
jest.setTimeout(120_000);

setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

// ---------- Recordings and requests ----------

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const pieceOf = (part: Uint8Array, index: number) => {
  const { start, end } = pieceRange(part.length, index);
  return part.subarray(start, end);
};
const planOf = (parts: Uint8Array[], startsMs: number[]) =>
  parts.map((part, index) => ({
    startMs: startsMs[index]!,
    bytes: part.length,
    pieces: Array.from({ length: pieceCount(part.length) }, (_, piece) => sha256(pieceOf(part, piece))),
  }));

/**
 * A recording as the recorder cuts it: a part every 600 s, each running 4 s into the next (the last one ends with the
 * recording), as generated Ogg Opus files.
 */
function recording(seconds: number, seed = 0) {
  const starts: number[] = [];
  for (let start = 0; start < seconds; start += RECORDING_PART_SECONDS) starts.push(start);
  const durations = starts.map((start) => Math.min(seconds, start + RECORDING_PART_SECONDS + PART_OVERLAP_SECONDS) - start);
  const parts = durations.map((duration, index) => generateOggOpus(duration, { seed: seed * 100 + index }));
  return {
    parts,
    durations,
    plan: planOf(
      parts,
      starts.map((start) => start * 1000),
    ),
  };
}

/** Bytes that are not any container the fakes read: their answer is the default dialogue. */
const noise = (bytes: number, seed: number) => Uint8Array.from({ length: bytes }, (_, index) => (index * 31 + seed * 7 + (index >> 8)) & 0xff);

type Caller = { user?: string; token?: string; ip?: string };
async function headersOf({ user, token, ip = "203.0.113.10" }: Caller): Promise<Record<string, string>> {
  return {
    "x-forwarded-for": ip,
    ...(user ? bearer(await mintSessionToken(user)) : {}),
    ...(token ? { "x-upload-token": token } : {}),
  };
}

const url = (path: string) => `http://localhost:3000${path}`;

async function create(caller: Caller, body: CreateUploadRequestInput | string) {
  const request = new Request(url("/api/uploads"), {
    method: "POST",
    headers: { "content-type": "application/json", ...(await headersOf(caller)) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return createUpload(request, routeContext());
}

async function state(caller: Caller, id: string) {
  return getUpload(new Request(url(`/api/uploads/${id}`), { headers: await headersOf(caller) }), routeContext({ id }));
}

async function put(
  caller: Caller,
  id: string,
  part: number | string,
  piece: number | string,
  body: Uint8Array | ReadableStream,
  extra: Record<string, string> = {},
) {
  const request = new Request(url(`/api/uploads/${id}/parts/${part}/pieces/${piece}`), {
    method: "PUT",
    headers: { "content-type": "application/octet-stream", ...(await headersOf(caller)), ...extra },
    body: body instanceof Uint8Array ? new Uint8Array(body) : body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return putPiece(request, routeContext({ id, part: String(part), piece: String(piece) }));
}

/** `signal` is the client's connection: aborting it is the client going away. */
async function transcribe(caller: Caller, id: string, part: number | string, body: unknown = {}, signal?: AbortSignal) {
  const request = new Request(url(`/api/uploads/${id}/parts/${part}/transcribe`), {
    method: "POST",
    headers: { "content-type": "application/json", ...(await headersOf(caller)) },
    body: JSON.stringify(body),
    signal,
  });
  return transcribePart(request, routeContext({ id, part: String(part) }));
}

async function remove(caller: Caller, id: string) {
  return deleteUpload(new Request(url(`/api/uploads/${id}`), { method: "DELETE", headers: await headersOf(caller) }), routeContext({ id }));
}

/** Sends every missing piece of `parts`; answers the PUTs' bodies. */
async function sendMissing(caller: Caller, upload: UploadState, parts: Uint8Array[]) {
  const answers = [];
  for (const [part, piece] of upload.missing) {
    const response = await put(caller, upload.uploadId, part, piece, pieceOf(parts[part]!, piece));
    expect(response.status).toBe(200);
    answers.push(await response.json());
  }
  return answers;
}

/** A 16 kHz mono 16-bit WAV of `seconds` of silence, base64: a speaker reference clip. */
function wavBase64(seconds: number, { bits = 16 } = {}) {
  const samples = Math.round(seconds * 16_000);
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write("RIFF", 0);
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write("WAVEfmt ", 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(16_000, 24);
  bytes.writeUInt32LE(32_000, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(bits, 34);
  bytes.write("data", 36);
  bytes.writeUInt32LE(samples * 2, 40);
  return bytes.toString("base64");
}

const planBody = (clientId: string, plan: ReturnType<typeof planOf>, extra: Partial<CreateUploadRequestInput> = {}): CreateUploadRequestInput => ({
  clientId,
  mimeType: "audio/ogg;codecs=opus",
  language: "en-US",
  parts: plan,
  ...extra,
});

const speakersOf = (transcript: PartTranscript) => [...new Set(transcript.segments.map((segment) => segment.speaker))];

// ---------- The journey ----------

describe("a two-hour recording sent in parts", () => {
  it("is uploaded in pieces and every part is transcribed within the provider's cap, with the first part's speakers", async () => {
    const { parts, durations, plan } = recording(7200, 1);
    expect(parts).toHaveLength(12);
    expect(durations.slice(0, 11).every((duration) => duration === 604)).toBe(true);
    const seen: SeenTranscription[] = [];
    server.use(openAiTranscription(openAiDialogue, seen));
    const me = { user: "user_long_a" };

    const created = await create(me, planBody("rec-2h", plan));
    expect(created.status).toBe(201);
    const upload = (await created.json()) as UploadState;
    expect(upload).toEqual({ uploadId: expect.any(String), parts: 12, missing: plan.map((_, part) => [part, 0]), expiresAt: expect.any(String) });
    expect(upload.uploadToken).toBeUndefined(); // a signed-in user's upload is reached by the session alone
    expect(await sendMissing(me, upload, parts)).toEqual(parts.map(() => ({ stored: true })));
    expect((await (await state(me, upload.uploadId)).json()).missing).toEqual([]);

    const first = (await (await transcribe(me, upload.uploadId, 0)).json()) as PartTranscript;
    expect(first).toMatchObject({ part: 0, referencesUsed: false, fallback: false });
    expect(speakersOf(first)).toEqual(["SPEAKER_01", "SPEAKER_02"]);
    expect(first.segments.at(-1)!.end).toBeCloseTo(604, 3);
    // A transcribed part's audio leaves the server at once; the parts still to come stay.
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId, part: 0 } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId, part: 1 } })).toBe(1);

    const speakerReferences = [
      { name: "SPEAKER_01", audio: wavBase64(4) },
      { name: "SPEAKER_02", audio: wavBase64(2.5) },
    ];
    for (let part = 1; part < 12; part += 1) {
      const response = await transcribe(me, upload.uploadId, part, { speakerReferences });
      expect(response.status).toBe(200);
      const transcript = (await response.json()) as PartTranscript;
      expect(transcript).toMatchObject({ part, referencesUsed: true, fallback: false });
      expect(speakersOf(transcript)).toEqual(["SPEAKER_01", "SPEAKER_02"]);
      // Times are the part's own: the last words end where the part does.
      expect(transcript.segments[0]!.start).toBe(0);
      expect(transcript.segments.at(-1)!.end).toBeCloseTo(durations[part]!, 3);
    }

    // One request per part, each the part's own audio, well within OpenAI's 1,400 s.
    expect(seen.map((request) => request.durationSeconds)).toEqual(durations);
    expect(seen.every((request) => request.durationSeconds! <= 1400)).toBe(true);
    expect(seen.map((request) => request.fileSize)).toEqual(parts.map((part) => part.length));
    expect(seen[0]!.knownSpeakerNames).toBeUndefined();
    expect(seen.slice(1).every((request) => request.knownSpeakerReferences === 2)).toBe(true);
    expect(seen[5]!.knownSpeakerNames).toEqual(["SPEAKER_01", "SPEAKER_02"]);

    // Every part transcribed: no audio of the recording is left on the server. Done: the upload goes too.
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(0);
    expect((await remove(me, upload.uploadId)).status).toBe(204);
    expect((await state(me, upload.uploadId)).status).toBe(404);
    // A part's failure or success never makes a session.
    expect(await api.db.session.count({ where: { userId: "user_long_a" } })).toBe(0);
  }, 240_000);

  it("a part over OpenAI's cap is not sent to it (the server reads the part's duration): Gemini, which takes it, answers", async () => {
    const long = generateOggOpus(1500, { seed: 9 });
    const seenOpenAi: SeenTranscription[] = [];
    const seenGemini: SeenGemini[] = [];
    server.use(openAiTranscription(openAiDialogue, seenOpenAi), geminiGenerate(geminiDialogue, seenGemini));
    const me = { user: "user_long_cap" };
    const upload = (await (await create(me, planBody("rec-too-long-part", planOf([long], [0])))).json()) as UploadState;
    await sendMissing(me, upload, [long]);

    const transcript = (await (await transcribe(me, upload.uploadId, 0)).json()) as PartTranscript;
    expect(seenOpenAi).toEqual([]);
    expect(transcript.fallback).toBe(true);
    expect(transcript.fallbackReason).toBe("openai: audio longer than its 1400 s limit");
    expect(seenGemini).toEqual([expect.objectContaining({ mimeType: "audio/ogg", durationSeconds: 1500 })]);
    expect(transcript.segments.at(-1)!.end).toBe(1500);
  });

  describe("with OpenAI alone", () => {
    setEnvForFile({ GEMINI_API_KEY: undefined, GEMINI_BASE_URL: undefined });

    it("a part over its cap is a 413 that keeps the audio on the device, with no call; its pieces stay for a later try", async () => {
      const long = generateOggOpus(1500, { seed: 10 });
      const seenOpenAi: SeenTranscription[] = [];
      server.use(openAiTranscription(openAiDialogue, seenOpenAi));
      const me = { user: "user_long_cap_alone" };
      const upload = (await (await create(me, planBody("rec-too-long-alone", planOf([long], [0])))).json()) as UploadState;
      await sendMissing(me, upload, [long]);

      const response = await transcribe(me, upload.uploadId, 0);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: "Part of this recording is too large to transcribe.", keepAudioLocally: true });
      expect(seenOpenAi).toEqual([]);
      expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBeGreaterThan(0);
    });
  });

  it("Gemini gets the speaker clips before the recording, each named", async () => {
    const { parts, plan } = recording(700, 2);
    const seenGemini: SeenGemini[] = [];
    server.use(
      openAiTranscription(() => openAiError(400, "Invalid file format")),
      geminiGenerate(geminiDialogue, seenGemini),
    );
    const me = { user: "user_long_gemini" };
    const upload = (await (await create(me, planBody("rec-gemini", plan))).json()) as UploadState;
    await sendMissing(me, upload, parts);
    const speakerReferences = [
      { name: "SPEAKER_02", audio: wavBase64(3) },
      { name: "SPEAKER_01", audio: wavBase64(3) },
    ];
    const transcript = (await (await transcribe(me, upload.uploadId, 1, { speakerReferences })).json()) as PartTranscript;
    expect(seenGemini).toEqual([expect.objectContaining({ mimeType: "audio/ogg", durationSeconds: 100, knownSpeakerNames: ["SPEAKER_02", "SPEAKER_01"] })]);
    expect(transcript).toMatchObject({ part: 1, referencesUsed: true, fallback: true });
    expect(speakersOf(transcript)).toEqual(["SPEAKER_02", "SPEAKER_01"]);
  });
});

describe("resuming", () => {
  it("a piece that failed is sent again; stored pieces are never taken twice", async () => {
    const part = noise(UPLOAD_PIECE_BYTES * 2 + 1000, 1);
    const plan = planOf([part], [0]);
    const me = { user: "user_resume_a" };
    const upload = (await (await create(me, planBody("rec-resume", plan, { mimeType: "audio/webm;codecs=opus" }))).json()) as UploadState;
    expect(upload.missing).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);

    expect(await (await put(me, upload.uploadId, 0, 0, pieceOf(part, 0))).json()).toEqual({ stored: true });
    // Piece 1 arrives damaged, then cut short (a dropped connection): refused, nothing kept.
    const damaged = pieceOf(part, 1).slice();
    damaged[10] = damaged[10]! ^ 0xff;
    const refused = await put(me, upload.uploadId, 0, 1, damaged);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: LONG_RECORDING_TEXTS.pieceMismatch, code: "conflict" });
    expect((await put(me, upload.uploadId, 0, 1, pieceOf(part, 1).subarray(0, 5000))).status).toBe(409);

    // The page reloads: the browser asks what is missing, and resumes with the same plan.
    expect((await (await state(me, upload.uploadId)).json()).missing).toEqual([
      [0, 1],
      [0, 2],
    ]);
    const resumed = await create(me, planBody("rec-resume", plan, { mimeType: "audio/webm;codecs=opus" }));
    expect(resumed.status).toBe(200);
    const again = (await resumed.json()) as UploadState;
    expect(again.uploadId).toBe(upload.uploadId);
    expect(again.missing).toEqual([
      [0, 1],
      [0, 2],
    ]);
    await sendMissing(me, again, [part]);
    // A piece sent again anyway is not stored again.
    expect(await (await put(me, upload.uploadId, 0, 0, pieceOf(part, 0))).json()).toEqual({ stored: false });
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(3);

    const seen: SeenTranscription[] = [];
    server.use(openAiTranscription(openAiDialogue, seen));
    const transcript = await transcribe(me, upload.uploadId, 0);
    expect(transcript.status).toBe(200);
    // The provider got the part whole, in order.
    expect(seen).toEqual([expect.objectContaining({ fileSize: part.length, fileType: "audio/webm" })]);
  });

  it("a part cannot be transcribed before all its pieces are there", async () => {
    const part = noise(UPLOAD_PIECE_BYTES + 10, 2);
    const me = { user: "user_resume_b" };
    const upload = (await (await create(me, planBody("rec-missing", planOf([part], [0])))).json()) as UploadState;
    await put(me, upload.uploadId, 0, 1, pieceOf(part, 1));
    const response = await transcribe(me, upload.uploadId, 0);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: LONG_RECORDING_TEXTS.piecesMissing, code: "conflict", missing: [[0, 0]] });
  });

  it("a part whose providers fail is a 503 that keeps the audio on the device, and costs none of the upload's calls; the retry succeeds", async () => {
    const { parts, plan } = recording(12, 3);
    const me = { user: "user_resume_c" };
    const upload = (await (await create(me, planBody("rec-fail", plan))).json()) as UploadState;
    await sendMissing(me, upload, parts);

    server.use(
      openAiTranscription(() => openAiError(500, "Internal error")),
      geminiGenerate(() => geminiError(500, "Internal")),
    );
    // Retried through an outage more often than the upload's bound of calls: none of them counts against it.
    for (let attempt = 0; attempt < TRANSCRIBE_CALLS_PER_PART; attempt += 1) expect((await transcribe(me, upload.uploadId, 0)).status).toBe(503);
    const failed = await transcribe(me, upload.uploadId, 0);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ code: "unavailable", keepAudioLocally: true, error: expect.stringContaining("Transcription failed") });
    expect((await api.db.upload.findUniqueOrThrow({ where: { id: upload.uploadId } })).transcribeCalls).toBe(0);
    // Never a server session; the pieces wait for the retry.
    expect(await api.db.session.count({ where: { userId: "user_resume_c" } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(1);

    server.resetHandlers();
    server.use(openAiTranscription(openAiDialogue));
    const retried = await transcribe(me, upload.uploadId, 0);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as PartTranscript).segments.at(-1)!.end).toBeCloseTo(15.8, 3); // a short part: the default dialogue
  });

  it("a client gone while its part is transcribed stops the providers (no retry, no fallback): a 499, and the retry succeeds", async () => {
    const { parts, plan } = recording(12, 4);
    const me = { user: "user_resume_gone" };
    const upload = (await (await create(me, planBody("rec-gone", plan))).json()) as UploadState;
    await sendMissing(me, upload, parts);

    // The provider's late answer is a 503 that a server still listening would retry and send to the fallback.
    const client = new AbortController();
    const { handlers, seenOpenAi, seenGemini } = providersOutlivingTheClient(client);
    server.use(...handlers);
    const consoleError = jest.spyOn(console, "error");
    try {
      const gone = await transcribe(me, upload.uploadId, 0, {}, client.signal);
      expect(gone.status).toBe(499);
      expect(await gone.json()).toEqual({ error: "The request was cancelled.", code: "client_closed_request" });
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
    expect(seenOpenAi).toHaveLength(1);
    expect(seenGemini).toHaveLength(0);
    // Counted as the one call it was; never a server session; the pieces wait for the retry.
    expect((await api.db.upload.findUniqueOrThrow({ where: { id: upload.uploadId } })).transcribeCalls).toBe(1);
    expect(await api.db.session.count({ where: { userId: "user_resume_gone" } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(1);

    server.resetHandlers();
    server.use(openAiTranscription(openAiDialogue));
    expect((await transcribe(me, upload.uploadId, 0)).status).toBe(200);
  });

  it("the same recording's plan again resumes; a changed plan replaces the upload", async () => {
    const { parts, plan } = recording(20, 4);
    const me = { user: "user_resume_d" };
    const first = (await (await create(me, planBody("rec-idem", plan))).json()) as UploadState;
    await sendMissing(me, first, parts);
    const again = await create(me, planBody("rec-idem", plan));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ uploadId: first.uploadId, missing: [] });

    const other = recording(25, 5);
    const replaced = await create(me, planBody("rec-idem", other.plan));
    expect(replaced.status).toBe(201);
    const next = (await replaced.json()) as UploadState;
    expect(next.uploadId).not.toBe(first.uploadId);
    expect(next.missing).toEqual([[0, 0]]);
    expect(await api.db.upload.count({ where: { id: first.uploadId } })).toBe(0);
  });

  it("racing PUTs of one piece store it once", async () => {
    const { parts, plan } = recording(40, 6);
    const me = { user: "user_race" };
    const upload = (await (await create(me, planBody("rec-race", plan))).json()) as UploadState;
    const responses = await Promise.all(Array.from({ length: 4 }, () => put(me, upload.uploadId, 0, 0, parts[0]!)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const answers = await Promise.all(responses.map((response) => response.json()));
    expect(answers.filter((answer) => answer.stored)).toHaveLength(1);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(1);
  });

  it("racing creates of one recording make one upload", async () => {
    const { plan } = recording(10, 7);
    const me = { user: "user_race_create" };
    const responses = await Promise.all(Array.from({ length: 3 }, () => create(me, planBody("rec-race-create", plan))));
    const states = (await Promise.all(responses.map((response) => response.json()))) as UploadState[];
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(states.map((upload) => upload.uploadId)).size).toBe(1);
  });
});

describe("who may reach an upload", () => {
  it("a guest reaches its upload with its token only", async () => {
    const { parts, plan } = recording(20, 8);
    const created = await create({}, planBody("rec-guest", plan));
    expect(created.status).toBe(201);
    const upload = (await created.json()) as UploadState;
    expect(upload.uploadToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const guest = { token: upload.uploadToken };

    expect((await state({}, upload.uploadId)).status).toBe(404);
    expect((await state({ token: "x".repeat(43) }, upload.uploadId)).status).toBe(404);
    expect((await put({}, upload.uploadId, 0, 0, parts[0]!)).status).toBe(404);
    expect((await state(guest, upload.uploadId)).status).toBe(200);
    await sendMissing(guest, upload, parts);

    // The token is kept hashed, never as it is.
    const row = await api.db.upload.findUniqueOrThrow({ where: { id: upload.uploadId } });
    expect(row.owner).toBe(`guest:${createHash("sha256").update(upload.uploadToken!).digest("hex")}`);
    expect(JSON.stringify(row)).not.toContain(upload.uploadToken);
    // The guest's address is kept as a keyed hash, not as the plain SHA-256 that hashing every IPv4 address undoes.
    expect(row.guestIpHash).not.toBe(createHash("sha256").update("203.0.113.10").digest("hex"));
    expect(row.guestIpHash).toBe(guestIpHash("203.0.113.10"));

    // The guest resumes with its token; another guest's token is another owner.
    const resumed = await create(guest, planBody("rec-guest", plan));
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toEqual({ uploadId: upload.uploadId, parts: 1, missing: [], expiresAt: expect.any(String) });
    const stranger = (await (await create({ ip: "198.51.100.7" }, planBody("rec-guest-2", plan))).json()) as UploadState;
    expect((await state({ token: stranger.uploadToken }, upload.uploadId)).status).toBe(404);
    expect((await transcribe({ token: stranger.uploadToken }, upload.uploadId, 0)).status).toBe(404);

    server.use(openAiTranscription(openAiDialogue));
    expect((await transcribe(guest, upload.uploadId, 0)).status).toBe(200);
    expect((await remove(guest, upload.uploadId)).status).toBe(204);
    // A guest's upload never leaves a session or a transcript behind.
    expect(await api.db.session.count()).toBe(0);
  });

  it("another user's upload is a 404, whatever the route", async () => {
    const { parts, plan } = recording(20, 10);
    const owner = { user: "user_owner_a" };
    const other = { user: "user_owner_b" };
    const upload = (await (await create(owner, planBody("rec-mine", plan))).json()) as UploadState;
    const answers = [
      await state(other, upload.uploadId),
      await put(other, upload.uploadId, 0, 0, parts[0]!),
      await transcribe(other, upload.uploadId, 0),
      await remove(other, upload.uploadId),
      // A guest holding no token, and a token with a signed-in user's upload.
      await state({}, upload.uploadId),
    ];
    for (const response of answers) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: LONG_RECORDING_TEXTS.uploadNotFound, code: "not_found" });
    }
    expect((await state(owner, upload.uploadId)).status).toBe(200);
    // The same clientId of another user is another upload.
    const theirs = await create(other, planBody("rec-mine", plan));
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as UploadState).uploadId).not.toBe(upload.uploadId);
  });
});

describe("a guest who signs in", () => {
  /** A guest's two-part recording, part 0 sent and one piece of part 1: then its connection failed. */
  async function guestUploadCutShort(clientId: string, seed: number) {
    const parts = [noise(UPLOAD_PIECE_BYTES + 500, seed), noise(UPLOAD_PIECE_BYTES + 700, seed + 1)];
    const plan = planOf(parts, [0, RECORDING_PART_SECONDS * 1000]);
    // Each guest from an address of its own: an address holds a bounded number of unfinished uploads.
    const ip = `198.51.100.${seed}`;
    const created = (await (await create({ ip }, planBody(clientId, plan))).json()) as UploadState;
    const guest = { token: created.uploadToken!, ip };
    for (const [part, piece] of [
      [0, 0],
      [0, 1],
      [1, 0],
    ] as const) {
      expect((await put(guest, created.uploadId, part, piece, pieceOf(parts[part]!, piece))).status).toBe(200);
    }
    return { parts, plan, upload: created, token: created.uploadToken!, ip };
  }

  it("resumes its upload with its token: no piece is sent twice, and the upload goes with its pieces when done", async () => {
    const { parts, plan, upload, token } = await guestUploadCutShort("rec-guest-signs-in", 20);
    const me = { user: "user_was_guest", token };

    // The browser's retry: what is missing of the upload it kept (GET with the token), then the same plan again.
    const resumed = await state(me, upload.uploadId);
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as UploadState).missing).toEqual([[1, 1]]);
    const again = await create(me, planBody("rec-guest-signs-in", plan));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ uploadId: upload.uploadId, missing: [[1, 1]] });
    expect((await api.db.upload.findUniqueOrThrow({ where: { id: upload.uploadId } })).owner).toBe("user:user_was_guest");

    expect(await sendMissing(me, { ...upload, missing: [[1, 1]] }, parts)).toEqual([{ stored: true }]);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(4);
    server.use(openAiTranscription(openAiDialogue));
    for (const part of [0, 1]) expect((await transcribe(me, upload.uploadId, part)).status).toBe(200);
    expect((await remove(me, upload.uploadId)).status).toBe(204);

    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(0);
    // The account holds no other upload of the recording: nothing was made beside it.
    expect(await api.db.upload.count({ where: { owner: "user:user_was_guest" } })).toBe(0);
  });

  it("two tabs taking the upload over at once both resume it, for the same account", async () => {
    const { plan, upload, token } = await guestUploadCutShort("rec-two-tabs", 30);
    const me = { user: "user_two_tabs", token };
    const answers = await Promise.all([state(me, upload.uploadId), create(me, planBody("rec-two-tabs", plan)), state(me, upload.uploadId)]);
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
    const states = (await Promise.all(answers.map((response) => response.json()))) as UploadState[];
    expect(states.map((answer) => answer.uploadId)).toEqual([upload.uploadId, upload.uploadId, upload.uploadId]);
    expect(await api.db.upload.findMany({ where: { clientId: "rec-two-tabs" }, select: { owner: true } })).toEqual([{ owner: "user:user_two_tabs" }]);
  });

  it("a token taken over by one account opens nothing to another account", async () => {
    const { upload, token } = await guestUploadCutShort("rec-other-account", 40);
    expect((await state({ user: "user_first_taker", token }, upload.uploadId)).status).toBe(200);
    expect((await state({ user: "user_second_taker", token }, upload.uploadId)).status).toBe(404);
    expect((await api.db.upload.findUniqueOrThrow({ where: { id: upload.uploadId } })).owner).toBe("user:user_first_taker");
  });

  it("an account already sending the recording keeps its own upload; the guest's copy of the audio goes", async () => {
    const { plan, upload, token } = await guestUploadCutShort("rec-both", 50);
    const own = (await (await create({ user: "user_both" }, planBody("rec-both", plan))).json()) as UploadState;
    expect(own.uploadId).not.toBe(upload.uploadId);

    const resumed = await create({ user: "user_both", token }, planBody("rec-both", plan));
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as UploadState).uploadId).toBe(own.uploadId);
    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(0);
  });

  it("once the account's, the upload is never reached by the token alone (signed out); it goes with the account", async () => {
    const { plan, upload, token, ip } = await guestUploadCutShort("rec-signed-out", 60);
    expect((await state({ user: "user_signs_out", token }, upload.uploadId)).status).toBe(200);

    const signedOut = { token, ip };
    const answers = [
      await state(signedOut, upload.uploadId),
      await put(signedOut, upload.uploadId, 1, 1, noise(10, 1)),
      await transcribe(signedOut, upload.uploadId, 0),
      await remove(signedOut, upload.uploadId),
    ];
    expect(answers.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    // The same plan as a guest is a new upload, holding none of the account's pieces.
    const asGuest = await create(signedOut, planBody("rec-signed-out", plan));
    expect(asGuest.status).toBe(201);
    const fresh = (await asGuest.json()) as UploadState;
    expect(fresh.uploadId).not.toBe(upload.uploadId);
    expect(fresh.missing).toHaveLength(4);

    expect(await deleteAccountData("user_signs_out")).toMatchObject({ uploads: 1 });
    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(0);
  });
});

describe("limits: refused with a 4xx, never a 500", () => {
  const me = { user: "user_limits" };
  let upload: UploadState;
  let part: Uint8Array;
  beforeAll(async () => {
    part = noise(UPLOAD_PIECE_BYTES + 100, 11);
    upload = (await (await create(me, planBody("rec-limits", planOf([part], [0])))).json()) as UploadState;
  });

  it.each([
    [
      "too many parts",
      () =>
        planBody(
          "rec-x1",
          Array.from({ length: MAX_RECORDING_PARTS + 1 }, (_, index) => ({ startMs: index * 600_000, bytes: 10, pieces: ["0".repeat(64)] })),
        ),
    ],
    ["a part over the size limit", () => planBody("rec-x2", [{ startMs: 0, bytes: 20 * 1024 * 1024, pieces: Array(7).fill("0".repeat(64)) }])],
    ["pieces that do not match the size", () => planBody("rec-x3", [{ startMs: 0, bytes: 10, pieces: ["0".repeat(64), "1".repeat(64)] }])],
    ["a bad hash", () => planBody("rec-x4", [{ startMs: 0, bytes: 10, pieces: ["zz"] }])],
    [
      "parts out of order",
      () =>
        planBody("rec-x5", [
          { startMs: 0, bytes: 10, pieces: ["0".repeat(64)] },
          { startMs: 0, bytes: 10, pieces: ["0".repeat(64)] },
        ]),
    ],
    ["a bad clientId", () => planBody("rec\u0000x", [{ startMs: 0, bytes: 10, pieces: ["0".repeat(64)] }])],
    ["a video type", () => ({ ...planBody("rec-x6", [{ startMs: 0, bytes: 10, pieces: ["0".repeat(64)] }]), mimeType: "video/mp4" })],
  ])("a plan with %s → 400", async (_, body) => {
    const response = await create(me, body());
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("bad_request");
  });

  it("a new recording of an account past today's session cap: a 429 before any upload is made or AI call counted", async () => {
    const capped = { user: "user_limits_daily_cap" };
    await api.db.session.create({ data: { userId: capped.user, clientId: "rec-cap-made", transcript: "Ana: hi" } });
    const previous = process.env.SESSIONS_PER_USER_PER_DAY;
    process.env.SESSIONS_PER_USER_PER_DAY = "1";
    try {
      const body = planBody("rec-cap-long", planOf([part], [0]));
      const refused = await create(capped, body);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toMatch(/^You have reached today's limit of new sessions\./);
      expect(await api.db.upload.count({ where: { owner: { contains: capped.user } } })).toBe(0);
      expect(await api.db.rateLimitCounter.count({ where: { key: { contains: capped.user } } })).toBe(0);
      // A growth follow-up of the session it has goes into that session: it may be uploaded.
      expect((await create(capped, { ...body, clientId: "rec-cap-follow", followUpOf: "rec-cap-made" })).status).toBe(201);
    } finally {
      if (previous === undefined) delete process.env.SESSIONS_PER_USER_PER_DAY;
      else process.env.SESSIONS_PER_USER_PER_DAY = previous;
    }
  });

  it("malformed JSON and oversized plans", async () => {
    expect((await create(me, "{")).status).toBe(400);
    expect((await create(me, JSON.stringify({ clientId: "x".repeat(70_000) }))).status).toBe(413);
  });

  it.each([
    ["a piece over 3 MiB", 0, 0, () => new Uint8Array(UPLOAD_PIECE_BYTES + 1), 413],
    ["a piece of the wrong size", 0, 1, () => new Uint8Array(99), 409],
    ["an empty piece", 0, 1, () => new Uint8Array(0), 409],
    ["a part out of range", 1, 0, () => new Uint8Array(100), 400],
    ["a piece out of range", 0, 2, () => new Uint8Array(100), 400],
    ["a negative index", "-1", 0, () => new Uint8Array(100), 400],
    ["a fractional index", 0, "1.5", () => new Uint8Array(100), 400],
    ["a NUL in the index", "0%00", 0, () => new Uint8Array(100), 400],
  ])("PUT %s → %s", async (_, partIndex, pieceIndex, body, status) => {
    const response = await put(me, upload.uploadId, partIndex, pieceIndex, body());
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });

  it("a streamed body longer than the piece stops being read and is refused", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 200) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await put(me, upload.uploadId, 0, 0, stream);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(200);
  });

  it.each([
    ["not an id", "not-an-upload"],
    ["a NUL", "0000\u0000"],
    ["an unknown id", "00000000-0000-4000-8000-000000000000"],
    ["a path", "../../etc/passwd"],
  ])("an upload id that is %s → 404", async (_, id) => {
    expect((await state(me, id)).status).toBe(404);
    expect((await put(me, id, 0, 0, new Uint8Array(3))).status).toBe(404);
    expect((await transcribe(me, id, 0)).status).toBe(404);
    expect((await remove(me, id)).status).toBe(404);
  });

  it.each([
    ["not base64", [{ name: "SPEAKER_01", audio: "%%%%" }]],
    ["not a WAV", [{ name: "SPEAKER_01", audio: Buffer.from("not a wav file at all, just text").toString("base64") }]],
    ["too short", [{ name: "SPEAKER_01", audio: wavBase64(1) }]],
    ["too long", [{ name: "SPEAKER_01", audio: wavBase64(10.5) }]],
    ["8-bit", [{ name: "SPEAKER_01", audio: wavBase64(3, { bits: 8 }) }]],
    [
      "twice the same name",
      [
        { name: "A", audio: wavBase64(3) },
        { name: "A", audio: wavBase64(3) },
      ],
    ],
    ["five speakers", Array.from({ length: 5 }, (_, index) => ({ name: `S${index}`, audio: wavBase64(2) }))],
  ])("speaker references %s → 400", async (_, speakerReferences) => {
    const response = await transcribe(me, upload.uploadId, 0, { speakerReferences });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^Invalid request: speakerReferences/);
  });

  it("transcribing a part out of range → 400", async () => {
    expect((await transcribe(me, upload.uploadId, 3)).status).toBe(400);
    expect((await transcribe(me, upload.uploadId, "x")).status).toBe(400);
  });

  it(`an owner holds at most ${MAX_OPEN_UPLOADS} unfinished uploads; a guest address as many`, async () => {
    const busy = { user: "user_busy" };
    for (let index = 0; index < MAX_OPEN_UPLOADS; index += 1) {
      expect((await create(busy, planBody(`rec-busy-${index}`, recording(5, 20 + index).plan))).status).toBe(201);
    }
    const refused = await create(busy, planBody("rec-busy-x", recording(5, 30).plan));
    expect(refused.status).toBe(429);
    // Resuming one of them is still fine.
    expect((await create(busy, planBody("rec-busy-0", recording(5, 20).plan))).status).toBe(200);

    const address = { ip: "192.0.2.55" };
    for (let index = 0; index < MAX_OPEN_UPLOADS; index += 1) {
      expect((await create(address, planBody(`rec-guest-busy-${index}`, recording(5, 40 + index).plan))).status).toBe(201);
    }
    expect((await create(address, planBody("rec-guest-busy-x", recording(5, 50).plan))).status).toBe(429);
  });

  it(`a guest on IPv6 holds ${MAX_OPEN_UPLOADS} unfinished uploads in its whole /64, whichever address of it each comes from`, async () => {
    // A phone or home line has a /64 and rotates privacy addresses through it: counted address by address, it had no bound.
    for (let index = 0; index < MAX_OPEN_UPLOADS; index += 1) {
      const address = { ip: `2001:db8:77:1::${(index + 1).toString(16)}` };
      expect((await create(address, planBody(`rec-v6-${index}`, recording(5, 110 + index).plan))).status).toBe(201);
    }
    expect((await create({ ip: "2001:db8:77:1:abcd::9" }, planBody("rec-v6-x", recording(5, 120).plan))).status).toBe(429);
    // Another /64 is another guest.
    expect((await create({ ip: "2001:db8:77:2::1" }, planBody("rec-v6-other", recording(5, 121).plan))).status).toBe(201);
  });

  it(`${MAX_OPEN_UPLOADS + 5} new uploads from one guest address at once: ${MAX_OPEN_UPLOADS} are made, the rest refused`, async () => {
    const address = { ip: "192.0.2.77" };
    const tries = MAX_OPEN_UPLOADS + 5;
    const responses = await Promise.all(
      Array.from({ length: tries }, (_, index) => create(address, planBody(`rec-burst-${index}`, recording(5, 80 + index).plan))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(MAX_OPEN_UPLOADS).fill(201), ...Array(tries - MAX_OPEN_UPLOADS).fill(429)]);
  });

  it(`racing creates of one recording by an owner with room for one more upload make it once; the others resume it`, async () => {
    const nearlyBusy = { user: "user_nearly_busy" };
    for (let index = 0; index < MAX_OPEN_UPLOADS - 1; index += 1) {
      expect((await create(nearlyBusy, planBody(`rec-nearly-${index}`, recording(5, 90 + index).plan))).status).toBe(201);
    }
    const { plan } = recording(5, 95);
    const responses = await Promise.all(Array.from({ length: 3 }, () => create(nearlyBusy, planBody("rec-nearly-last", plan))));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    const states = (await Promise.all(responses.map((response) => response.json()))) as UploadState[];
    expect(new Set(states.map((upload) => upload.uploadId)).size).toBe(1);
  });

  it(`one upload allows ${TRANSCRIBE_CALLS_PER_PART} transcriptions per part, retries included`, async () => {
    const { parts, plan } = recording(5, 60);
    const caller = { user: "user_bounded" };
    const bounded = (await (await create(caller, planBody("rec-bounded", plan))).json()) as UploadState;
    await sendMissing(caller, bounded, parts);
    server.use(openAiTranscription(openAiDialogue));
    expect((await transcribe(caller, bounded.uploadId, 0)).status).toBe(200);
    for (let call = 1; call < TRANSCRIBE_CALLS_PER_PART; call += 1) {
      // As after an answer lost on its way: the part's audio went with the answer, so the browser sends it again.
      expect((await transcribe(caller, bounded.uploadId, 0)).status).toBe(409);
      await sendMissing(caller, (await (await state(caller, bounded.uploadId)).json()) as UploadState, parts);
      expect((await transcribe(caller, bounded.uploadId, 0)).status).toBe(200);
    }
    await sendMissing(caller, (await (await state(caller, bounded.uploadId)).json()) as UploadState, parts);
    expect((await transcribe(caller, bounded.uploadId, 0)).status).toBe(429);
  });
});

describe("pieces read at once", () => {
  setEnvForFile({ TRANSCRIPTIONS_IN_FLIGHT: "1" });

  it(`share the places bodies of recordings are read in (${RECORDING_READS_PER_SLOT} per transcription slot): one more is the 503 "busy", and a place freed is taken again`, async () => {
    const part = noise(UPLOAD_PIECE_BYTES * RECORDING_READS_PER_SLOT + 1_000, 9);
    const me = { user: "user_pieces_at_once" };
    const upload = (await (await create(me, planBody("rec-pieces-at-once", planOf([part], [0])))).json()) as UploadState;
    const stalled = await Promise.all(
      Array.from({ length: RECORDING_READS_PER_SLOT }, async (_, piece) => {
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({
          start(opened) {
            controller = opened;
            opened.enqueue(pieceOf(part, piece).subarray(0, 1_000));
          },
        });
        return { piece, controller, response: put(me, upload.uploadId, 0, piece, body) };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    const last = RECORDING_READS_PER_SLOT;
    const refused = await put(me, upload.uploadId, 0, last, pieceOf(part, last));
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toBe(BUSY_MESSAGE);

    // One stalled sender finishes its piece: its place is free again.
    const [first] = stalled;
    first!.controller.enqueue(pieceOf(part, first!.piece).subarray(1_000));
    first!.controller.close();
    expect((await first!.response).status).toBe(200);
    expect((await put(me, upload.uploadId, 0, last, pieceOf(part, last))).status).toBe(200);
    // The others end their bodies cut short: not the piece the plan holds.
    for (const { controller } of stalled.slice(1)) controller.close();
    expect(await Promise.all(stalled.slice(1).map(async ({ response }) => (await response).status))).toEqual(Array(RECORDING_READS_PER_SLOT - 1).fill(409));
  });
});

describe("one caller's pieces read at once", () => {
  setEnvForFile({ TRANSCRIPTIONS_IN_FLIGHT: "2" });

  it(`are at most ${RECORDING_READS_PER_CALLER} of the places: one sender stalling its pieces leaves the rest to everyone else`, async () => {
    const part = noise(UPLOAD_PIECE_BYTES * (RECORDING_READS_PER_CALLER + 1) + 1_000, 11);
    const slow = { user: "user_pieces_stalled" };
    const other = { user: "user_pieces_meanwhile" };
    const slowUpload = (await (await create(slow, planBody("rec-stalled", planOf([part], [0])))).json()) as UploadState;
    const otherUpload = (await (await create(other, planBody("rec-meanwhile", planOf([part], [0])))).json()) as UploadState;
    const stalled = Array.from({ length: RECORDING_READS_PER_CALLER }, (_, piece) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(opened) {
          controller = opened;
          opened.enqueue(pieceOf(part, piece).subarray(0, 1_000));
        },
      });
      return { controller, response: put(slow, slowUpload.uploadId, 0, piece, body) };
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const refused = await put(slow, slowUpload.uploadId, 0, RECORDING_READS_PER_CALLER, pieceOf(part, RECORDING_READS_PER_CALLER));
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toBe(BUSY_MESSAGE);
    expect((await put(other, otherUpload.uploadId, 0, 0, pieceOf(part, 0))).status).toBe(200);

    for (const { controller } of stalled) controller.close();
    expect(await Promise.all(stalled.map(async ({ response }) => (await response).status))).toEqual(Array(RECORDING_READS_PER_CALLER).fill(409));
  });
});

describe("a server with no transcription provider configured yet", () => {
  setEnvForFile(NO_AI_KEYS);

  it("keeps the audio on the device, and the tries cost none of the upload's calls: once a provider is set, the part is transcribed", async () => {
    const me = { user: "user_before_any_provider" };
    const { parts, plan } = recording(5, 82);
    const upload = (await (await create(me, planBody("rec-before-provider", plan))).json()) as UploadState;
    await sendMissing(me, upload, parts);
    for (let attempt = 0; attempt < TRANSCRIBE_CALLS_PER_PART + 1; attempt += 1) {
      const refused = await transcribe(me, upload.uploadId, 0);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: "not_configured", keepAudioLocally: true });
    }
    expect((await api.db.upload.findUniqueOrThrow({ where: { id: upload.uploadId } })).transcribeCalls).toBe(0);

    process.env.OPENAI_API_KEY = PROVIDER_ENV.OPENAI_API_KEY;
    process.env.OPENAI_BASE_URL = PROVIDER_ENV.OPENAI_BASE_URL;
    server.use(openAiTranscription(openAiDialogue));
    expect((await transcribe(me, upload.uploadId, 0)).status).toBe(200);
  });
});

describe("a server busy with other recordings", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV, TRANSCRIPTIONS_IN_FLIGHT: "1" });

  it("refuses a part with a 503 that costs neither the caller's allowance nor the upload's bound of calls", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const providerStarted = new Promise<void>((resolve) => (started = resolve));
    let held = true;
    server.use(
      openAiTranscription(async (request) => {
        if (held) {
          held = false;
          started();
          await gate;
        }
        return openAiDialogue(request);
      }),
    );
    const other = { user: "user_slot_holder" };
    const holding = (await (await create(other, planBody("rec-holding", recording(5, 80).plan))).json()) as UploadState;
    await sendMissing(other, holding, recording(5, 80).parts);
    const first = transcribe(other, holding.uploadId, 0);
    await providerStarted;

    const me = { user: "user_waiting_for_a_slot" };
    const { parts, plan } = recording(5, 81);
    const mine = (await (await create(me, planBody("rec-waiting", plan))).json()) as UploadState;
    await sendMissing(me, mine, parts);
    for (let attempt = 0; attempt < TRANSCRIBE_CALLS_PER_PART + 1; attempt += 1) expect((await transcribe(me, mine.uploadId, 0)).status).toBe(503);
    expect((await api.db.upload.findUniqueOrThrow({ where: { id: mine.uploadId } })).transcribeCalls).toBe(0);

    release();
    expect((await first).status).toBe(200);
    expect((await transcribe(me, mine.uploadId, 0)).status).toBe(200);
  });
});

describe("clean-up", () => {
  it("the retention job deletes expired uploads with their pieces; an expired upload is gone at once", async () => {
    const { parts, plan } = recording(20, 70);
    const me = { user: "user_expiring" };
    const upload = (await (await create(me, planBody("rec-expiring", plan))).json()) as UploadState;
    await sendMissing(me, upload, parts);
    const kept = (await (await create(me, planBody("rec-kept", recording(20, 71).plan))).json()) as UploadState;
    await api.db.upload.update({ where: { id: upload.uploadId }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expect((await state(me, upload.uploadId)).status).toBe(404);
    const result = await runRetention();
    expect(result.uploadsDeleted).toBeGreaterThanOrEqual(1);
    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(0);
    expect(await api.db.upload.count({ where: { id: kept.uploadId } })).toBe(1);
  });

  it("account deletion removes the user's uploads; the export lists them without audio", async () => {
    const { parts, plan } = recording(20, 80);
    const me = { user: "user_erased" };
    const upload = (await (await create(me, planBody("rec-erased", plan))).json()) as UploadState;
    await sendMissing(me, upload, parts);
    const someoneElse = (await (await create({ user: "user_not_erased" }, planBody("rec-erased", plan))).json()) as UploadState;

    const exported = await exportAccountData("user_erased");
    expect(exported.uploads).toEqual([
      expect.objectContaining({ id: upload.uploadId, clientId: "rec-erased", parts: 1, piecesStored: 1, audioBytesStored: parts[0]!.length }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(Buffer.from(parts[0]!).toString("base64").slice(0, 40));

    expect(await deleteAccountData("user_erased")).toMatchObject({ uploads: 1 });
    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(0);
    expect(await api.db.upload.count({ where: { id: someoneElse.uploadId } })).toBe(1);
  });
});
