/** @jest-environment node */
import { delay, http, HttpResponse } from "msw";

import { DELETE as deleteData } from "@/app/api/account/data/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { DELETE as deleteDataPublic } from "@/app/api/public/account/data/route";
import { GET as exportDataPublic } from "@/app/api/public/account/export/route";
import { GET as listSessions } from "@/app/api/sessions/route";
import { postgresAdapter, setDbForTests } from "@/lib/server/db";
import { PrismaClient } from "@/lib/server/generated/prisma/client";
import { deleteAccountData, deleteClerkUser } from "@/lib/server/services/account-delete";
import { EXPORT_PAGE_SIZE } from "@/lib/server/services/account-export";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { LOG_CANARY } from "@/tests/helpers/log-canary";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";

const api = setUpApiTestContext();
setEnvForFile(clerkTestEnv());

const auth = async (userId: string) => bearer(await mintSessionToken(userId));

const AUDIO = new Uint8Array([1, 2, 3, 4, 5, 6, 7]);

/**
 * One account's full set of rows: a completed session with every column filled, votes, a follow-up, a failed
 * transcription with audio kept for a retry, a commitment made in it and reviewed in a second session, and rate-limit
 * counters under the user's key. `tag` makes every value distinguishable from another account's.
 */
async function seedAccount(userId: string, tag: string) {
  const db = api.db;
  const first = await db.session.create({
    data: {
      userId,
      clientId: `local-${tag}`,
      name: `Weekend plans ${tag}`,
      transcript: `Ana: ${LOG_CANARY} ${tag}\nBen: hello`,
      analysis: { cards: [{ title: `Card ${tag}` }], coachResponse: `Coach ${tag}` },
      speakerNames: { A: `Ana ${tag}`, B: "Ben" },
      summary: `Summary ${tag}`,
      recommendations: [`Recommendation ${tag}`],
      encouragement: `Keep going ${tag}`,
      reminderSet: true,
      reminderDate: new Date("2026-12-01T18:00:00.000Z"),
      isCompleted: true,
      signals: { numbers: { turns: 2 }, tag },
      swipeActions: {
        create: [
          { cardIndex: 0, action: "helpful" },
          { cardIndex: 1, action: "unhelpful" },
        ],
      },
      followUps: { create: [{ transcript: `We did it ${tag}`, speakerNames: { A: `Ana ${tag}` } }] },
    },
  });
  const second = await db.session.create({
    data: {
      userId,
      name: `Failed ${tag}`,
      failures: { create: { kind: "transcription", error: "Transcription failed", audio: AUDIO, audioMimeType: "audio/webm", language: "en" } },
    },
  });
  const third = await db.session.create({ data: { userId, name: `Review ${tag}`, transcript: `Later ${tag}` } });
  await db.commitment.create({
    data: { userId, sessionId: first.id, text: `Saturday is for us ${tag}`, who: "both", byWhen: "Saturday", outcome: "kept", reviewSessionId: third.id },
  });
  const expiresAt = new Date(Date.now() + 60_000);
  await db.rateLimitCounter.createMany({
    data: [
      { key: `analyze:user:${userId}`, windowStart: new Date("2026-11-23T10:00:00.000Z"), count: 3, expiresAt },
      { key: `transcribe:user:${userId}`, windowStart: new Date("2026-11-23T10:00:00.000Z"), count: 1, expiresAt },
    ],
  });
  return { first, second, third };
}

async function exportFor(userId: string) {
  const response = await exportData(apiRequest("/api/account/export", { headers: await auth(userId) }), routeContext());
  return { response, text: await response.text() };
}

describe("GET /api/account/export", () => {
  it("downloads everything the account holds, and only the caller's", async () => {
    const mine = await seedAccount("user_export_a", "A1");
    await seedAccount("user_export_b", "B2");
    // A longer id, a LIKE-wildcard lookalike and a guest's address key are not the account's.
    const expiresAt = new Date(Date.now() + 60_000);
    await api.db.rateLimitCounter.createMany({
      data: [
        { key: "sessions-deleted-today:user:user_export_a", windowStart: new Date("2026-11-23T00:00:00.000Z"), count: 2, expiresAt },
        ...["analyze:user:user_export_a0", "analyze:user:userXexport_a", "analyze:ip:user_export_a"].map((key) => ({
          key,
          windowStart: new Date("2026-11-23T10:00:00.000Z"),
          count: 9,
          expiresAt,
        })),
      ],
    });

    const { response, text } = await exportFor("user_export_a");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="relationship-coach-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");

    // Nothing of the other account, by any of its values.
    expect(text).not.toContain("B2");
    expect(text).not.toContain("user_export_b");

    const data = JSON.parse(text);
    expect(data).toMatchObject({ format: "relationship-coach-export", version: 1, account: { userId: "user_export_a" } });
    expect(data.counts).toEqual({ sessions: 3, swipeActions: 2, followUps: 1, commitments: 1, failureMarkers: 1, retainedRecordings: 1 });

    // The request counters keyed by the account are its data too (they say what it did when): exactly its own.
    expect(data.usageCounters).toEqual([
      { key: "analyze:user:user_export_a", windowStart: "2026-11-23T10:00:00.000Z", count: 3, expiresAt: expect.any(String) },
      { key: "sessions-deleted-today:user:user_export_a", windowStart: "2026-11-23T00:00:00.000Z", count: 2, expiresAt: expect.any(String) },
      { key: "transcribe:user:user_export_a", windowStart: "2026-11-23T10:00:00.000Z", count: 1, expiresAt: expect.any(String) },
    ]);

    const first = data.sessions.find((session: { id: string }) => session.id === mine.first.id);
    expect(first).toMatchObject({
      userId: "user_export_a",
      clientId: "local-A1",
      name: "Weekend plans A1",
      transcript: `Ana: ${LOG_CANARY} A1\nBen: hello`,
      analysis: { cards: [{ title: "Card A1" }], coachResponse: "Coach A1" },
      speakerNames: { A: "Ana A1", B: "Ben" },
      summary: "Summary A1",
      recommendations: ["Recommendation A1"],
      encouragement: "Keep going A1",
      reminderSet: true,
      reminderDate: "2026-12-01T18:00:00.000Z",
      isCompleted: true,
      signals: { numbers: { turns: 2 }, tag: "A1" },
      swipeActions: [
        { cardIndex: 0, action: "helpful" },
        { cardIndex: 1, action: "unhelpful" },
      ],
      followUps: [{ transcript: "We did it A1", speakerNames: { A: "Ana A1" } }],
      commitments: [{ text: "Saturday is for us A1", who: "both", byWhen: "Saturday", outcome: "kept", reviewSessionId: mine.third.id }],
    });
    expect(typeof first.createdAt).toBe("string");

    const review = data.sessions.find((session: { id: string }) => session.id === mine.third.id);
    expect(review.reviewedCommitments).toEqual([expect.objectContaining({ text: "Saturday is for us A1", sessionId: mine.first.id })]);

    // The failed recording is described, not copied: no bytes, but whether audio is kept and how much.
    const failed = data.sessions.find((session: { id: string }) => session.id === mine.second.id);
    expect(failed.failures).toEqual([
      expect.objectContaining({
        kind: "transcription",
        error: "Transcription failed",
        audioMimeType: "audio/webm",
        audioRetained: true,
        audioBytes: AUDIO.length,
      }),
    ]);
    expect(failed.failures[0]).not.toHaveProperty("audio");
    // The history card is a digest of what the export already holds whole.
    expect(failed).not.toHaveProperty("card");
    expect(failed).toHaveProperty("transcript");
  });

  it("says when a failure's audio is no longer kept", async () => {
    const session = await api.db.session.create({
      data: { userId: "user_export_c", failures: { create: { kind: "analysis", error: "Analysis failed" } } },
    });
    const { text } = await exportFor("user_export_c");
    const data = JSON.parse(text);
    expect(data.sessions.map((item: { id: string }) => item.id)).toEqual([session.id]);
    expect(data.sessions[0].failures).toEqual([expect.objectContaining({ kind: "analysis", audioRetained: false, audioBytes: 0 })]);
    expect(data.counts.retainedRecordings).toBe(0);
  });

  it("writes an account larger than a page of sessions whole, each session once in order, as indented JSON, with its counts", async () => {
    const total = EXPORT_PAGE_SIZE * 2 + 7;
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 3) * 86_400_000);
    // Three sessions share each instant: paging must not skip or repeat one at a page's edge.
    await api.db.session.createMany({ data: Array.from({ length: total }, (_, n) => ({ userId: "user_export_big", name: `Talk ${n}`, createdAt: day(n) })) });
    const [withVote] = await api.db.session.findMany({ where: { userId: "user_export_big" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 });
    await api.db.swipeAction.create({ data: { sessionId: withVote!.id, cardIndex: 0, action: "helpful" } });

    const { response, text } = await exportFor("user_export_big");
    expect(response.status).toBe(200);
    const data = JSON.parse(text);
    expect(text).toBe(`${JSON.stringify(data, null, 2)}\n`);
    const ids = data.sessions.map((session: { id: string }) => session.id);
    const stored = await api.db.session.findMany({
      where: { userId: "user_export_big" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    expect(ids).toEqual(stored.map((session) => session.id));
    expect(data.counts).toEqual({ sessions: total, swipeActions: 1, followUps: 0, commitments: 0, failureMarkers: 0, retainedRecordings: 0 });
    expect(data.sessions.at(-1).swipeActions).toEqual([expect.objectContaining({ action: "helpful" })]);
  });

  it("a database that cannot be reached is the house's 503, not a 200 whose file breaks off", async () => {
    const unreachable = new PrismaClient({ adapter: postgresAdapter("postgresql://postgres@127.0.0.1:1/none?connect_timeout=2") });
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    setDbForTests(unreachable);
    try {
      const response = await exportData(apiRequest("/api/account/export", { headers: await auth("user_export_down") }), routeContext());
      expect(response.status).toBe(503);
      expect(response.headers.get("content-disposition")).toBeNull();
      expect(await response.json()).toMatchObject({ code: "unavailable" });
    } finally {
      setDbForTests(api.db);
      log.mockRestore();
      await unreachable.$disconnect();
    }
  });

  it("a database failure after the file has begun cuts the download off as an error: never a shorter file that ends well", async () => {
    await api.db.session.createMany({ data: Array.from({ length: EXPORT_PAGE_SIZE + 3 }, (_, n) => ({ userId: "user_export_cut", name: `Talk ${n}` })) });
    // The database answers the first page of sessions, then the connection is lost.
    let pagesRead = 0;
    const sessions = new Proxy(api.db.session, {
      get(target, property) {
        if (property !== "findMany") return Reflect.get(target, property);
        return async (...args: Parameters<typeof target.findMany>) => {
          pagesRead += 1;
          if (pagesRead > 1) throw new Error("connection lost");
          return target.findMany(...args);
        };
      },
    });
    const flaky = new Proxy(api.db, {
      get(target, property) {
        if (property === "session") return sessions;
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    setDbForTests(flaky);
    try {
      const response = await exportData(apiRequest("/api/account/export", { headers: await auth("user_export_cut") }), routeContext());
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('"sessions": [');
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return "ended";
        })(),
      ).rejects.toThrow("connection lost");
    } finally {
      setDbForTests(api.db);
    }
    expect(pagesRead).toBe(2);
  });

  it("is an empty export for an account with nothing stored", async () => {
    const { response, text } = await exportFor("user_export_empty");
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ sessions: [], counts: { sessions: 0 } });
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });

  it("is a 401 in the house format for guests, forged identity headers and the public variant", async () => {
    await seedAccount("user_export_d", "D4");
    const guest = await exportData(apiRequest("/api/account/export", { headers: { "x-user-id": "user_export_d" } }), routeContext());
    expect(guest.status).toBe(401);
    expect(guest.headers.get("content-disposition")).toBeNull();
    expect(await guest.json()).toEqual({ error: "Please sign in to continue.", code: "unauthorized" });

    const viaPublic = await exportDataPublic(apiRequest("/api/public/account/export", { headers: await auth("user_export_d") }), routeContext());
    expect(viaPublic.status).toBe(401);
    expect(await viaPublic.json()).toMatchObject({ code: "unauthorized" });
  });
});

describe("DELETE /api/account/data", () => {
  const remove = async (userId: string, query = "") =>
    deleteData(apiRequest(`/api/account/data${query}`, { method: "DELETE", headers: await auth(userId) }), routeContext());

  async function rowsOf(userId: string) {
    const owned = { session: { userId } };
    return {
      sessions: await api.db.session.count({ where: { userId } }),
      swipeActions: await api.db.swipeAction.count({ where: owned }),
      followUps: await api.db.followUpTranscript.count({ where: owned }),
      failureMarkers: await api.db.failureMarker.count({ where: owned }),
      commitments: await api.db.commitment.count({ where: { userId } }),
      rateLimitCounters: await api.db.rateLimitCounter.count({ where: { key: { endsWith: `:user:${userId}` } } }),
    };
  }

  it("deletes all of the caller's data in one go and answers what it removed; another user's data is untouched", async () => {
    await seedAccount("user_del_a", "DA");
    await seedAccount("user_del_b", "DB");
    const before = await rowsOf("user_del_b");

    const response = await remove("user_del_a");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      accountDeleted: false,
      deleted: { sessions: 3, swipeActions: 2, followUps: 1, failureMarkers: 1, retainedRecordings: 1, commitments: 1, rateLimitCounters: 0, uploads: 0 },
    });
    // The AI allowance is not reset by deleting one's data: the counters (no content) end with their window, and the
    // sessions made today are noted for the day's cap of new sessions.
    expect(await rowsOf("user_del_a")).toEqual({ sessions: 0, swipeActions: 0, followUps: 0, failureMarkers: 0, commitments: 0, rateLimitCounters: 3 });
    expect(await api.db.rateLimitCounter.findFirst({ where: { key: "sessions-deleted-today:user:user_del_a" } })).toMatchObject({ count: 3 });
    expect(await rowsOf("user_del_b")).toEqual(before);

    // The history is empty afterwards, and a second delete finds nothing more.
    const list = await listSessions(apiRequest("/api/sessions", { headers: await auth("user_del_a") }), routeContext());
    expect(await list.json()).toEqual({ sessions: [], nextCursor: null, total: 0 });
    expect(await (await remove("user_del_a")).json()).toMatchObject({ deleted: { sessions: 0, rateLimitCounters: 0 } });
  });

  it("with the account, removes only counters keyed by exactly this user id (not a longer id, not a LIKE wildcard match, not an IP key)", async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const windowStart = new Date("2026-11-23T10:00:00.000Z");
    const keys = [
      "analyze:user:user_k1",
      "analyze:user:user_k1:burst",
      "analyze:user:user_k10",
      "analyze:user:userXk1",
      "analyze:ip:user_k1",
      "summary:user:USER_K1",
    ];
    await api.db.rateLimitCounter.createMany({ data: keys.map((key) => ({ key, windowStart, count: 1, expiresAt })) });

    expect(await (await remove("user_k1")).json()).toMatchObject({ deleted: { rateLimitCounters: 0 } });
    expect(await deleteAccountData("user_k1", { account: true })).toMatchObject({ rateLimitCounters: 2 });
    const left = await api.db.rateLimitCounter.findMany({ where: { key: { in: keys } }, select: { key: true } });
    expect(left.map((row) => row.key).sort()).toEqual(["analyze:ip:user_k1", "analyze:user:userXk1", "analyze:user:user_k10", "summary:user:USER_K1"]);
  });

  it("is a 401 for guests and for the public variant, and deletes nothing", async () => {
    await seedAccount("user_del_c", "DC");
    const before = await rowsOf("user_del_c");
    const guest = await deleteData(apiRequest("/api/account/data", { method: "DELETE", headers: { "x-user-id": "user_del_c" } }), routeContext());
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: "Please sign in to continue.", code: "unauthorized" });
    const viaPublic = await deleteDataPublic(apiRequest("/api/public/account/data", { method: "DELETE" }), routeContext());
    expect(viaPublic.status).toBe(401);
    expect(await rowsOf("user_del_c")).toEqual(before);
  });

  it("refuses an unknown value of ?account with a 400 before deleting anything", async () => {
    await seedAccount("user_del_d", "DD");
    const response = await remove("user_del_d", "?account=yes");
    expect(response.status).toBe(400);
    expect(await api.db.session.count({ where: { userId: "user_del_d" } })).toBe(3);
  });
});

describe("DELETE /api/account/data?account=true (Clerk's Backend API intercepted)", () => {
  const CLERK_USER_URL = "https://api.clerk.com/v1/users/:userId";

  it("deletes the data, then the Clerk user", async () => {
    await seedAccount("user_acc_a", "AA");
    const deletedUsers: string[] = [];
    let authorization: string | null = null;
    api.server.use(
      http.delete(CLERK_USER_URL, ({ params, request }) => {
        deletedUsers.push(String(params.userId));
        authorization = request.headers.get("authorization");
        return HttpResponse.json({ object: "user", id: params.userId, deleted: true });
      }),
    );
    const response = await deleteData(apiRequest("/api/account/data?account=true", { method: "DELETE", headers: await auth("user_acc_a") }), routeContext());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, accountDeleted: true, deleted: { sessions: 3, rateLimitCounters: 2 } });
    expect(deletedUsers).toEqual(["user_acc_a"]);
    expect(authorization).toBe(`Bearer ${clerkTestEnv().CLERK_SECRET_KEY}`);
    expect(await api.db.session.count({ where: { userId: "user_acc_a" } })).toBe(0);
  });

  it("asks the Backend API that CLERK_API_URL names, when it is set", async () => {
    await seedAccount("user_acc_u", "AU");
    const deletedUsers: string[] = [];
    api.server.use(
      http.delete("https://clerk-backend.example/v1/users/:userId", ({ params }) => {
        deletedUsers.push(String(params.userId));
        return HttpResponse.json({ object: "user", id: params.userId, deleted: true });
      }),
      http.delete(CLERK_USER_URL, () => HttpResponse.json({ errors: [{ code: "unexpected" }] }, { status: 500 })),
    );
    process.env.CLERK_API_URL = "https://clerk-backend.example";
    try {
      const response = await deleteData(apiRequest("/api/account/data?account=true", { method: "DELETE", headers: await auth("user_acc_u") }), routeContext());
      expect(response.status).toBe(200);
      expect(deletedUsers).toEqual(["user_acc_u"]);
    } finally {
      delete process.env.CLERK_API_URL;
    }
  });

  it("a Clerk that does not answer ends in the same 502 within its time limit", async () => {
    api.server.use(
      http.delete(CLERK_USER_URL, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const deleted = await deleteAccountData("user_acc_t");
    await expect(deleteClerkUser("user_acc_t", deleted, { timeoutMs: 50 })).rejects.toMatchObject({ code: "upstream_failed", details: { deleted } });
    expect(error).toHaveBeenCalledWith("[account] deleting the Clerk user failed (timeout)");
    error.mockRestore();
  });

  it("says the data is gone when Clerk refuses, so a retry only repeats the account step", async () => {
    await seedAccount("user_acc_b", "AB");
    api.server.use(http.delete(CLERK_USER_URL, () => HttpResponse.json({ errors: [{ code: "internal", message: "down" }] }, { status: 500 })));
    const response = await deleteData(apiRequest("/api/account/data?account=true", { method: "DELETE", headers: await auth("user_acc_b") }), routeContext());
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: "upstream_failed", error: expect.stringMatching(/data was deleted/), deleted: { sessions: 3 } });
    expect(await api.db.session.count({ where: { userId: "user_acc_b" } })).toBe(0);

    // The retry: Clerk has meanwhile deleted the user (404) — done.
    api.server.use(http.delete(CLERK_USER_URL, () => HttpResponse.json({ errors: [{ code: "resource_not_found" }] }, { status: 404 })));
    const retry = await deleteData(apiRequest("/api/account/data?account=true", { method: "DELETE", headers: await auth("user_acc_b") }), routeContext());
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ accountDeleted: true, deleted: { sessions: 0 } });
  });
});
