/** @jest-environment node */
import { createHash } from "node:crypto";
import { http, HttpResponse } from "msw";

import { DELETE as deleteData } from "@/app/api/account/data/route";
import { PUT as putPiece } from "@/app/api/uploads/[id]/parts/[part]/pieces/[piece]/route";
import { POST as transcribePart } from "@/app/api/uploads/[id]/parts/[part]/transcribe/route";
import { DELETE as deleteUpload } from "@/app/api/uploads/[id]/route";
import { POST as createUpload } from "@/app/api/uploads/route";
import { RECORDING_PART_SECONDS, type PartTranscript, type UploadState } from "@/lib/domain/transcription/long-recording";
import { runRetention } from "@/lib/server/services/retention";
import { dropPartAudio, PART_AUDIO_WAIT_MS } from "@/lib/server/services/upload-part-audio";
import { audioPieceStore } from "@/lib/server/storage/audio-piece-store";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { bearer, routeContext } from "@/tests/helpers/requests";
import { openAiDialogue, openAiTranscription, PROVIDER_ENV } from "@/tests/msw/providers";

// The pieces of a recording sent in parts, kept in an S3-compatible object store (AUDIO_PIECES_S3_*) rather than the
// database: when an upload or the whole account is deleted, no piece may stay behind in the store, not even one whose PUT
// was on its way while the deletion ran. Nothing points to such an object any more, so no clean-up would ever find it.

const api = setUpApiTestContext();

const ENDPOINT = "http://s3.test:9000";
const BUCKET = "coach-audio";
setEnvForFile({
  ...clerkTestEnv(),
  ...PROVIDER_ENV,
  AUDIO_PIECES_S3_ENDPOINT: ENDPOINT,
  AUDIO_PIECES_S3_BUCKET: BUCKET,
  AUDIO_PIECES_S3_REGION: "auto",
  AUDIO_PIECES_S3_ACCESS_KEY_ID: "AKIDTEST",
  AUDIO_PIECES_S3_SECRET_ACCESS_KEY: "secret",
});

/** The store's objects, by key. */
const objects = new Map<string, Uint8Array>();
/** Runs once, while the store lists a prefix, after the listing is taken and before it is answered. */
let duringNextListing: (() => Promise<void>) | null = null;
/** Stands in for the store's answer to a DELETE (a slow or failing store); null: the object goes, 204. */
let onDelete: ((key: string) => Promise<Response | null>) | null = null;

/** The store's deletes wait until the answer returned is called. */
function holdStoreDeletes(): () => void {
  let release: () => void = () => {};
  const storeAnswers = new Promise<void>((resolve) => (release = resolve));
  onDelete = async () => {
    await storeAnswers;
    return null;
  };
  return release;
}

beforeEach(() => {
  objects.clear();
  duringNextListing = null;
  onDelete = null;
  api.server.use(
    http.all(`${ENDPOINT}/${BUCKET}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const key = decodeURIComponent(url.pathname.slice(`/${BUCKET}/`.length));
      if (request.method === "PUT") {
        objects.set(key, new Uint8Array(await request.arrayBuffer()));
        return new HttpResponse(null, { status: 200 });
      }
      if (request.method === "DELETE") {
        const answer = await onDelete?.(key);
        if (answer) return answer;
        objects.delete(key);
        return new HttpResponse(null, { status: 204 });
      }
      if (request.method === "GET" && key === "" && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const listed = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
        const during = duringNextListing;
        duringNextListing = null;
        await during?.();
        const contents = listed.map((name) => `<Contents><Key>${name}</Key><Size>1</Size></Contents>`).join("");
        return new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`, {
          headers: { "content-type": "application/xml" },
        });
      }
      if (request.method === "GET") {
        const object = objects.get(key);
        return object ? new HttpResponse(object) : new HttpResponse(null, { status: 404 });
      }
      return new HttpResponse(null, { status: 405 });
    }),
  );
});

const url = (path: string) => `http://localhost:3000${path}`;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const headersOf = async (user: string) => ({ "x-forwarded-for": "203.0.113.20", ...bearer(await mintSessionToken(user)) });

/** Two one-piece parts of a recording (bytes the store takes as they are). */
const parts = [Uint8Array.from({ length: 200 }, (_, index) => index & 0xff), Uint8Array.from({ length: 150 }, (_, index) => (index * 7) & 0xff)];

async function startUpload(user: string, clientId: string): Promise<UploadState> {
  const body = {
    clientId,
    mimeType: "audio/ogg;codecs=opus",
    language: "en-US",
    parts: parts.map((part, index) => ({ startMs: index * RECORDING_PART_SECONDS * 1000, bytes: part.length, pieces: [sha256(part)] })),
  };
  const response = await createUpload(
    new Request(url("/api/uploads"), {
      method: "POST",
      headers: { "content-type": "application/json", ...(await headersOf(user)) },
      body: JSON.stringify(body),
    }),
    routeContext(),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as UploadState;
}

async function sendPart(user: string, uploadId: string, part: number) {
  const request = new Request(url(`/api/uploads/${uploadId}/parts/${part}/pieces/0`), {
    method: "PUT",
    headers: { "content-type": "application/octet-stream", ...(await headersOf(user)) },
    body: new Uint8Array(parts[part]!),
  });
  return putPiece(request, routeContext({ id: uploadId, part: String(part), piece: "0" }));
}

const keysOf = (uploadId: string) => [...objects.keys()].filter((key) => key.startsWith(`uploads/${uploadId}/`));

async function transcribe(user: string, uploadId: string, part: number) {
  const request = new Request(url(`/api/uploads/${uploadId}/parts/${part}/transcribe`), {
    method: "POST",
    headers: { "content-type": "application/json", ...(await headersOf(user)) },
    body: "{}",
  });
  return transcribePart(request, routeContext({ id: uploadId, part: String(part) }));
}

/** An upload of `user` with both parts' pieces in the store. */
async function uploadedRecording(user: string, clientId: string): Promise<UploadState> {
  const upload = await startUpload(user, clientId);
  expect((await sendPart(user, upload.uploadId, 0)).status).toBe(200);
  expect((await sendPart(user, upload.uploadId, 1)).status).toBe(200);
  return upload;
}

const partsToClear = (uploadId: string) => api.db.uploadPartToClear.findMany({ where: { uploadId }, select: { part: true } });

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("pieces in an object store", () => {
  it("deleting all of one's data leaves no piece in the store, not even one that landed while the store was being cleared", async () => {
    const user = "user_s3_erase";
    const upload = await startUpload(user, "rec-s3-erase");
    const untouched = await startUpload("user_s3_other", "rec-s3-erase");
    expect((await sendPart(user, upload.uploadId, 0)).status).toBe(200);
    expect((await sendPart("user_s3_other", untouched.uploadId, 0)).status).toBe(200);
    expect(keysOf(upload.uploadId)).toEqual([`uploads/${upload.uploadId}/0/0`]);

    // The other tab's upload goes on: its next piece is stored while the erasure is clearing the store.
    let landed: number | undefined;
    duringNextListing = async () => {
      landed = (await sendPart(user, upload.uploadId, 1)).status;
    };
    const response = await deleteData(new Request(url("/api/account/data"), { method: "DELETE", headers: await headersOf(user) }), routeContext());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ deleted: { uploads: 1 } });
    expect(landed).toBe(200);

    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId } })).toBe(0);
    expect(keysOf(upload.uploadId)).toEqual([]);
    // Another account's pieces stay.
    expect(keysOf(untouched.uploadId)).toEqual([`uploads/${untouched.uploadId}/0/0`]);
  });

  it("deleting all of one's data while the store fails is a 503 that deletes nothing, so the retry finds everything", async () => {
    const user = "user_s3_erase_fails";
    const upload = await uploadedRecording(user, "rec-s3-erase-fails");
    onDelete = async () => new HttpResponse("<Error><Code>InternalError</Code></Error>", { status: 500 });
    const failed = await deleteData(new Request(url("/api/account/data"), { method: "DELETE", headers: await headersOf(user) }), routeContext());
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("5");
    expect((await failed.json()).error).toBe("Your data could not be deleted right now. Please try again in a moment.");
    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(1);

    onDelete = null;
    const retried = await deleteData(new Request(url("/api/account/data"), { method: "DELETE", headers: await headersOf(user) }), routeContext());
    expect(retried.status).toBe(200);
    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(keysOf(upload.uploadId)).toEqual([]);
  });

  it("deleting an upload leaves no piece in the store, not even one that landed while the store was being cleared", async () => {
    const user = "user_s3_upload";
    const upload = await startUpload(user, "rec-s3-upload");
    expect((await sendPart(user, upload.uploadId, 0)).status).toBe(200);

    let landed: number | undefined;
    duringNextListing = async () => {
      landed = (await sendPart(user, upload.uploadId, 1)).status;
    };
    const response = await deleteUpload(
      new Request(url(`/api/uploads/${upload.uploadId}`), { method: "DELETE", headers: await headersOf(user) }),
      routeContext({ id: upload.uploadId }),
    );
    expect(response.status).toBeLessThan(300);
    expect(landed).toBe(200);

    expect(await api.db.upload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(keysOf(upload.uploadId)).toEqual([]);
  });

  it("a piece that arrives after its upload is gone is not kept in the store", async () => {
    const user = "user_s3_late";
    const upload = await startUpload(user, "rec-s3-late");
    await api.db.upload.deleteMany({ where: { id: upload.uploadId } });
    expect((await sendPart(user, upload.uploadId, 0)).status).toBe(404);
    expect(keysOf(upload.uploadId)).toEqual([]);
  });
});

describe("expired uploads in an object store", () => {
  it("one the store will not delete is passed over: the others go, and the next run deletes it", async () => {
    const stuck = await uploadedRecording("user_s3_expired_stuck", "rec-s3-expired-stuck");
    const other = await uploadedRecording("user_s3_expired_other", "rec-s3-expired-other");
    // The stuck one expired first, so every run meets it first.
    await api.db.upload.update({ where: { id: stuck.uploadId }, data: { expiresAt: new Date(Date.now() - 2 * 3_600_000) } });
    await api.db.upload.update({ where: { id: other.uploadId }, data: { expiresAt: new Date(Date.now() - 3_600_000) } });
    onDelete = async (key) => (key.startsWith(`uploads/${stuck.uploadId}/`) ? new HttpResponse(null, { status: 503 }) : null);

    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await runRetention()).toMatchObject({ uploadsDeleted: 1 });
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("an expired upload could not be deleted; the next run tries again"));
    } finally {
      consoleError.mockRestore();
    }
    expect(keysOf(other.uploadId)).toEqual([]);
    expect(await api.db.upload.findUnique({ where: { id: other.uploadId } })).toBeNull();
    expect(keysOf(stuck.uploadId)).not.toEqual([]);

    onDelete = null;
    expect(await runRetention()).toMatchObject({ uploadsDeleted: 1 });
    expect(keysOf(stuck.uploadId)).toEqual([]);
    expect(await api.db.upload.findUnique({ where: { id: stuck.uploadId } })).toBeNull();
  });
});

describe("a transcribed part's pieces in an object store", () => {
  it("leave the store before the part's answer when the store answers at once", async () => {
    api.server.use(openAiTranscription(openAiDialogue));
    const user = "user_s3_part_quick";
    const upload = await uploadedRecording(user, "rec-s3-part-quick");

    const response = await transcribe(user, upload.uploadId, 0);
    expect(response.status).toBe(200);
    expect(((await response.json()) as PartTranscript).part).toBe(0);
    expect(keysOf(upload.uploadId)).toEqual([`uploads/${upload.uploadId}/1/0`]);
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId, part: 0 } })).toBe(0);
    expect(await partsToClear(upload.uploadId)).toEqual([]);
  });

  it("a store slow to delete holds the paid answer at most PART_AUDIO_WAIT_MS; the pieces still go once it answers", async () => {
    api.server.use(openAiTranscription(openAiDialogue));
    const user = "user_s3_part_slow";
    const upload = await uploadedRecording(user, "rec-s3-part-slow");
    const release = holdStoreDeletes();

    const started = Date.now();
    const response = await transcribe(user, upload.uploadId, 0);
    expect(response.status).toBe(200);
    expect(((await response.json()) as PartTranscript).segments.length).toBeGreaterThan(0);
    // Held for good without the bound, the answer would never come; the margin is for a loaded machine, not a measure.
    expect(Date.now() - started).toBeLessThan(PART_AUDIO_WAIT_MS + 15_000);
    // Answered with the deletion still on its way: the part is marked to clear until its objects are gone.
    expect(await api.db.uploadPiece.count({ where: { uploadId: upload.uploadId, part: 0 } })).toBe(0);
    expect(await partsToClear(upload.uploadId)).toEqual([{ part: 0 }]);
    expect(keysOf(upload.uploadId)).toContain(`uploads/${upload.uploadId}/0/0`);

    release();
    await until(async () => (await partsToClear(upload.uploadId)).length === 0);
    expect(keysOf(upload.uploadId)).toEqual([`uploads/${upload.uploadId}/1/0`]);
  }, 45_000);

  it("with the route's budget spent, the answer does not wait for the store at all", async () => {
    const user = "user_s3_part_spent";
    const upload = await uploadedRecording(user, "rec-s3-part-spent");
    const release = holdStoreDeletes();

    const started = Date.now();
    await dropPartAudio({ uploadId: upload.uploadId, part: 0, pieces: 1 }, audioPieceStore(), Date.now() - 1);
    expect(Date.now() - started).toBeLessThan(PART_AUDIO_WAIT_MS);
    expect(await partsToClear(upload.uploadId)).toEqual([{ part: 0 }]);
    release();
    await until(async () => (await partsToClear(upload.uploadId)).length === 0);
    expect(keysOf(upload.uploadId)).toEqual([`uploads/${upload.uploadId}/1/0`]);
  });

  it("a store failing to delete: the retention job's next run clears the part's pieces, and only them", async () => {
    api.server.use(openAiTranscription(openAiDialogue));
    const user = "user_s3_part_failing";
    const upload = await uploadedRecording(user, "rec-s3-part-failing");
    onDelete = async () => new HttpResponse(null, { status: 503 });

    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await transcribe(user, upload.uploadId, 0);
      expect(response.status).toBe(200);
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("a transcribed part's audio is left to the retention job"));
    } finally {
      consoleError.mockRestore();
    }
    expect(await partsToClear(upload.uploadId)).toEqual([{ part: 0 }]);
    expect(keysOf(upload.uploadId)).toContain(`uploads/${upload.uploadId}/0/0`);

    onDelete = null;
    expect(await runRetention()).toMatchObject({ transcribedPartsCleared: 1, uploadsDeleted: 0 });
    expect(keysOf(upload.uploadId)).toEqual([`uploads/${upload.uploadId}/1/0`]);
    expect(await partsToClear(upload.uploadId)).toEqual([]);
    // The part still to come is untouched: transcribed next, its pieces go too.
    expect((await transcribe(user, upload.uploadId, 1)).status).toBe(200);
    expect(keysOf(upload.uploadId)).toEqual([]);
  });

  it("a part sent again after its answer was lost keeps its new pieces: the retention job does not delete them", async () => {
    api.server.use(openAiTranscription(openAiDialogue));
    const user = "user_s3_part_again";
    const upload = await uploadedRecording(user, "rec-s3-part-again");
    onDelete = async () => new HttpResponse(null, { status: 503 });
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await transcribe(user, upload.uploadId, 0)).status).toBe(200);
    } finally {
      consoleError.mockRestore();
    }
    onDelete = null;

    // The answer never reached the browser: it sends the part's pieces again and asks once more.
    expect((await sendPart(user, upload.uploadId, 0)).status).toBe(200);
    await runRetention();
    expect(keysOf(upload.uploadId)).toContain(`uploads/${upload.uploadId}/0/0`);
    expect((await transcribe(user, upload.uploadId, 0)).status).toBe(200);
    expect(keysOf(upload.uploadId)).toEqual([`uploads/${upload.uploadId}/1/0`]);
  });
});
