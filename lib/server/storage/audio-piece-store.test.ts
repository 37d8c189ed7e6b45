/** @jest-environment node */
import { createHmac, randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

import { getEnv } from "@/lib/server/env";
import { setEnvForFile } from "@/tests/helpers/env";
import { createTestDb, type TestDb } from "@/tests/helpers/test-db";

import { audioPieceStore, pieceKey, uploadPrefix, type AudioPieceStore } from "./audio-piece-store";
import { DatabaseAudioPieceStore } from "./database-store";
import { ObjectStoreError, parseListing, S3AudioPieceStore } from "./s3-store";
import { canonicalRequest, sha256Hex, signingKey } from "./sigv4";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | null) => (value ? new TextDecoder().decode(value) : null);

// ---------- A small S3 at the network level: path-style keys, SigV4 checked, ListObjectsV2 paged by 2 ----------
const ENDPOINT = "http://s3.test:9000";
const S3 = { endpoint: ENDPOINT, bucket: "coach-audio", region: "auto", accessKeyId: "AKIDTEST", secretAccessKey: "secret/test+key" };
const objects = new Map<string, Uint8Array>();
const seenRequests: { method: string; path: string }[] = [];

function verifySignature(request: Request, body: Uint8Array): boolean {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
    request.headers.get("authorization") ?? "",
  );
  if (!match || match[1] !== S3.accessKeyId || match[3] !== S3.region) return false;
  const payloadHash = request.headers.get("x-amz-content-sha256") ?? "";
  if (payloadHash !== sha256Hex(body)) return false;
  const url = new URL(request.url);
  const signed = Object.fromEntries(match[4]!.split(";").map((name) => [name, name === "host" ? url.host : (request.headers.get(name) ?? "")]));
  const canonical = canonicalRequest({ method: request.method, url, headers: signed, payloadHash }).text;
  const dateTime = request.headers.get("x-amz-date") ?? "";
  const toSign = ["AWS4-HMAC-SHA256", dateTime, `${match[2]}/${S3.region}/s3/aws4_request`, sha256Hex(canonical)].join("\n");
  const expected = createHmac("sha256", signingKey(S3.secretAccessKey, match[2]!, S3.region, "s3"))
    .update(toSign)
    .digest("hex");
  return expected === match[5] && ["host", "x-amz-date", "x-amz-content-sha256"].every((name) => name in signed);
}

const s3Server = setupServer(
  http.all(`${ENDPOINT}/:bucket/*`, async ({ request, params }) => {
    const body = new Uint8Array(await request.arrayBuffer());
    const url = new URL(request.url);
    seenRequests.push({ method: request.method, path: url.pathname + url.search });
    if (params.bucket !== S3.bucket) return new HttpResponse("<Error><Code>NoSuchBucket</Code></Error>", { status: 404 });
    if (!verifySignature(request, body)) return new HttpResponse("<Error><Code>SignatureDoesNotMatch</Code></Error>", { status: 403 });
    const key = decodeURIComponent(url.pathname.slice(`/${S3.bucket}/`.length));
    if (request.method === "PUT") {
      objects.set(key, body);
      return new HttpResponse(null, { status: 200, headers: { etag: '"x"' } });
    }
    if (request.method === "DELETE") {
      objects.delete(key);
      return new HttpResponse(null, { status: 204 });
    }
    if (request.method === "GET" && key === "" && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const all = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
      // Like S3's, the continuation token marks the last key listed (not an offset), so deleting while listing is safe.
      const after = url.searchParams.get("continuation-token");
      const rest = after === null ? all : all.filter((name) => name > after);
      const page = rest.slice(0, 2);
      const more = rest.length > 2;
      const contents = page.map((name) => `<Contents><Key>${name.replace(/&/g, "&amp;")}</Key><Size>1</Size></Contents>`).join("");
      return new HttpResponse(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${S3.bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
        { headers: { "content-type": "application/xml" } },
      );
    }
    if (request.method === "GET") {
      const object = objects.get(key);
      return object ? new HttpResponse(object) : new HttpResponse("<Error><Code>NoSuchKey</Code></Error>", { status: 404 });
    }
    return new HttpResponse(null, { status: 405 });
  }),
);

beforeAll(() => s3Server.listen({ onUnhandledRequest: "bypass" }));
afterEach(() => {
  s3Server.resetHandlers();
  objects.clear();
  seenRequests.length = 0;
});
afterAll(() => s3Server.close());

// ---------- The same behaviour from both implementations ----------
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.dispose());

async function newUpload(): Promise<string> {
  const upload = await testDb.db.upload.create({
    data: {
      owner: `user:${randomUUID()}`,
      clientId: "rec-1",
      mimeType: "audio/ogg",
      language: "en",
      minSpeakers: 2,
      maxSpeakers: 6,
      plan: { parts: [] },
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return upload.id;
}

describe.each([
  ["database", () => new DatabaseAudioPieceStore()],
  ["s3", () => new S3AudioPieceStore(S3)],
])("%s store", (kind, make: () => AudioPieceStore) => {
  it("puts, gets and deletes a piece by key", async () => {
    const store = make();
    expect(store.kind).toBe(kind);
    const uploadId = await newUpload();
    const key = pieceKey(uploadId, 0, 1);
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes("piece one"));
    expect(text(await store.get(key))).toBe("piece one");
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // deleting twice is fine
  });

  it("deletes by prefix: one upload's pieces, not another's", async () => {
    const store = make();
    const [mine, other] = [await newUpload(), await newUpload()];
    for (const [part, piece] of [
      [0, 0],
      [0, 1],
      [1, 0],
      [2, 0],
      [2, 1],
    ] as const)
      await store.put(pieceKey(mine, part, piece), bytes(`${part}.${piece}`));
    await store.put(pieceKey(other, 0, 0), bytes("other"));
    expect(await store.deletePrefix(`${uploadPrefix(mine)}2/`)).toBe(2);
    expect(text(await store.get(pieceKey(mine, 1, 0)))).toBe("1.0");
    expect(await store.deletePrefix(uploadPrefix(mine))).toBe(3);
    expect(await store.get(pieceKey(mine, 0, 0))).toBeNull();
    expect(text(await store.get(pieceKey(other, 0, 0)))).toBe("other");
  });

  it("writing the same piece twice, even at once, keeps it once", async () => {
    const store = make();
    const uploadId = await newUpload();
    const key = pieceKey(uploadId, 0, 0);
    const firsts = await Promise.all([store.put(key, bytes("same")), store.put(key, bytes("same")), store.put(key, bytes("same"))]);
    // The database tells which write stored it; an object store overwrites and cannot tell.
    expect(firsts.filter(Boolean)).toHaveLength(kind === "database" ? 1 : 0);
    expect(text(await store.get(key))).toBe("same");
  });
});

describe("database store", () => {
  it("keeps the bytes in the piece's row, with its size and hash, and loses them with the upload", async () => {
    const uploadId = await newUpload();
    await new DatabaseAudioPieceStore().put(pieceKey(uploadId, 3, 2), bytes("abc"));
    const row = await testDb.db.uploadPiece.findUniqueOrThrow({ where: { uploadId_part_piece: { uploadId, part: 3, piece: 2 } } });
    expect(row).toMatchObject({ size: 3, sha256: sha256Hex("abc") });
    await testDb.db.upload.delete({ where: { id: uploadId } });
    expect(await testDb.db.uploadPiece.count({ where: { uploadId } })).toBe(0);
  });

  it("refuses keys that are not piece keys", async () => {
    const store = new DatabaseAudioPieceStore();
    await expect(store.get("uploads/../etc")).rejects.toThrow("not a piece key");
    await expect(store.deletePrefix("uploads/")).rejects.toThrow("not an upload prefix");
  });
});

describe("s3 store", () => {
  it("sends path-style, signed requests", async () => {
    const store = new S3AudioPieceStore(S3);
    await store.put("uploads/a b/0/0", bytes("x"));
    expect(seenRequests).toEqual([{ method: "PUT", path: "/coach-audio/uploads/a%20b/0/0" }]);
    expect([...objects.keys()]).toEqual(["uploads/a b/0/0"]);
  });

  it("fails with the operation and status when the store refuses (wrong secret)", async () => {
    const store = new S3AudioPieceStore({ ...S3, secretAccessKey: "wrong" });
    await expect(store.put("uploads/x/0/0", bytes("x"))).rejects.toThrow(new ObjectStoreError("put", 403));
    await expect(store.get("uploads/x/0/0")).rejects.toThrow("object store get failed (403)");
  });

  it("fails cleanly when the store cannot be reached", async () => {
    const store = new S3AudioPieceStore({ ...S3, endpoint: "http://127.0.0.1:9" });
    await expect(store.get("uploads/x/0/0")).rejects.toThrow("object store get failed");
  });

  it("fails cleanly when the store's answer stops half-way (its body cut off, or stalled to the time-out)", async () => {
    const cutOff = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes("O"));
          controller.error(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
        },
      });
    const store = new S3AudioPieceStore(S3, async () => new Response(cutOff(), { status: 200 }));
    await expect(store.get("uploads/x/0/0")).rejects.toThrow(new ObjectStoreError("get"));
    await expect(store.deletePrefix("uploads/x/")).rejects.toThrow(new ObjectStoreError("list"));
  });

  it("parses a ListObjectsV2 answer", () => {
    expect(
      parseListing(
        "<ListBucketResult><IsTruncated>true</IsTruncated><NextContinuationToken>a&amp;b</NextContinuationToken><Contents><Key>k&amp;1</Key></Contents><Contents><Key>k2</Key></Contents></ListBucketResult>",
      ),
    ).toEqual({ keys: ["k&1", "k2"], truncated: true, continuation: "a&b" });
  });
});

describe("audioPieceStore()", () => {
  setEnvForFile({ AUDIO_PIECES_S3_ENDPOINT: undefined, AUDIO_PIECES_S3_BUCKET: undefined });
  it("is the database unless all S3 settings are there", () => {
    const none = getEnv();
    const s3 = { AUDIO_PIECES_S3_ENDPOINT: ENDPOINT, AUDIO_PIECES_S3_BUCKET: "b", AUDIO_PIECES_S3_ACCESS_KEY_ID: "a", AUDIO_PIECES_S3_SECRET_ACCESS_KEY: "s" };
    expect(audioPieceStore(none).kind).toBe("database");
    expect(audioPieceStore({ ...none, ...s3, AUDIO_PIECES_S3_SECRET_ACCESS_KEY: undefined }).kind).toBe("database");
    expect(audioPieceStore({ ...none, ...s3 }).kind).toBe("s3");
    expect(audioPieceStore().kind).toBe("database");
  });
});
