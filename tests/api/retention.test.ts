/** @jest-environment node */
import { POST as retention, GET as retentionGet } from "@/app/api/cron/retention/route";
import { POST as retentionPublic } from "@/app/api/public/cron/retention/route";
import { POST as retryTranscription } from "@/app/api/sessions/[id]/retry-transcription/route";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";

const api = setUpApiTestContext();
const SECRET = "cron-secret-for-tests-0123456789";
setEnvForFile({ ...clerkTestEnv(), CRON_SECRET: SECRET });

const DAY = 24 * 60 * 60 * 1000;
const AUDIO = new Uint8Array([9, 8, 7, 6]);
const call = (handler: typeof retention, headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }, path = "/api/cron/retention") =>
  handler(apiRequest(path, { method: "POST", headers }), routeContext());

async function failedSession(userId: string, lastFailedDaysAgo: number) {
  const lastFailedAt = new Date(Date.now() - lastFailedDaysAgo * DAY);
  const session = await api.db.session.create({
    data: {
      userId,
      failures: {
        create: { kind: "transcription", error: "Transcription failed", audio: AUDIO, audioMimeType: "audio/webm", firstFailedAt: lastFailedAt, lastFailedAt },
      },
    },
    include: { failures: true },
  });
  return { sessionId: session.id, markerId: session.failures[0]!.id };
}

const audioOf = async (markerId: string) => (await api.db.failureMarker.findUnique({ where: { id: markerId } }))?.audio ?? null;

describe("POST /api/cron/retention", () => {
  it("deletes failed audio whose last attempt is over 30 days old, keeps its marker, and leaves newer audio alone", async () => {
    const old = await failedSession("user_ret_a", 31);
    const recent = await failedSession("user_ret_a", 29);
    const otherUsersOld = await failedSession("user_ret_b", 45);

    const response = await call(retention);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ failedAudioDeleted: 2, rateLimitCountersDeleted: 0, audioCutoff: expect.any(String) });

    expect(await audioOf(old.markerId)).toBeNull();
    expect(await audioOf(otherUsersOld.markerId)).toBeNull();
    expect(Buffer.from((await audioOf(recent.markerId)) ?? [])).toEqual(Buffer.from(AUDIO));
    // The marker stays: the session still shows its failure, with the same attempt count.
    expect(await api.db.failureMarker.findUnique({ where: { id: old.markerId } })).toMatchObject({ kind: "transcription", attemptCount: 1 });

    // A second run finds nothing more to do.
    expect(await (await call(retention)).json()).toMatchObject({ failedAudioDeleted: 0 });

    // The retry path then says the recording is gone, rather than failing at a provider.
    const retry = await retryTranscription(
      apiRequest(`/api/sessions/${old.sessionId}/retry-transcription`, { method: "POST", headers: bearer(await mintSessionToken("user_ret_a")) }),
      routeContext({ id: old.sessionId }),
    );
    expect(retry.status).toBe(404);
    expect(await retry.json()).toMatchObject({ error: "Recording not found. It may have been deleted." });
  });

  it("removes rate-limit counters whose window has ended, and only those", async () => {
    const windowStart = new Date("2026-11-23T10:00:00.000Z");
    await api.db.rateLimitCounter.createMany({
      data: [
        { key: "analyze:user:user_ret_c", windowStart, count: 4, expiresAt: new Date(Date.now() - 1000) },
        { key: "analyze:ip:203.0.113.9", windowStart, count: 2, expiresAt: new Date(Date.now() - 60_000) },
        { key: "analyze:user:user_ret_d", windowStart, count: 1, expiresAt: new Date(Date.now() + 60_000) },
      ],
    });
    expect(await (await call(retention)).json()).toMatchObject({ rateLimitCountersDeleted: 2 });
    expect((await api.db.rateLimitCounter.findMany({ select: { key: true } })).map((row) => row.key)).toEqual(["analyze:user:user_ret_d"]);
  });

  it("answers GET the same way (Vercel Cron sends GET), and through the public path a session-less scheduler is sent to", async () => {
    await failedSession("user_ret_e", 40);
    const viaGet = await retentionGet(apiRequest("/api/cron/retention", { headers: { authorization: `Bearer ${SECRET}` } }), routeContext());
    expect(viaGet.status).toBe(200);
    expect(await viaGet.json()).toMatchObject({ failedAudioDeleted: 1 });
    const viaPublic = await call(retentionPublic, { authorization: `Bearer ${SECRET}` }, "/api/public/cron/retention");
    expect(viaPublic.status).toBe(200);
  });

  it.each([
    ["no Authorization header", {}],
    ["a wrong secret", { authorization: "Bearer not-the-secret" }],
    ["the secret without the Bearer scheme", { authorization: SECRET }],
    ["a prefix of the secret", { authorization: `Bearer ${SECRET.slice(0, 10)}` }],
    ["a Clerk session token", { authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.x" }],
  ])("is a 401 that deletes nothing with %s", async (_, headers) => {
    const { markerId } = await failedSession("user_ret_f", 60);
    const response = await call(retention, headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Invalid or missing cron secret.", code: "unauthorized" });
    expect(await audioOf(markerId)).not.toBeNull();
    await api.db.session.deleteMany({ where: { userId: "user_ret_f" } });
  });
});

describe("POST /api/cron/retention without CRON_SECRET", () => {
  const saved = process.env.CRON_SECRET;
  beforeAll(() => {
    delete process.env.CRON_SECRET;
  });
  afterAll(() => {
    process.env.CRON_SECRET = saved;
  });

  it("is a 503 'not configured' whatever is sent, and deletes nothing", async () => {
    const { markerId } = await failedSession("user_ret_g", 60);
    for (const headers of [{}, { authorization: `Bearer ${SECRET}` }, { authorization: "Bearer " }] as Record<string, string>[]) {
      const response = await call(retention, headers);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "not_configured", error: expect.stringMatching(/not configured/) });
    }
    expect(await audioOf(markerId)).not.toBeNull();
  });
});
