/** @jest-environment node */
import { POST as appendPublic } from "@/app/api/public/sessions/[id]/append-transcript/route";
import { GET as invalidatePublic } from "@/app/api/public/sessions/[id]/invalidate-cache/route";
import { DELETE as deletePublic } from "@/app/api/public/sessions/[id]/route";
import { POST as migratePublic } from "@/app/api/public/sessions/migrate/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { GET as invalidate } from "@/app/api/sessions/[id]/invalidate-cache/route";
import { DELETE as deleteSession, GET as getSession } from "@/app/api/sessions/[id]/route";
import { POST as migrate } from "@/app/api/sessions/migrate/route";
import { GET as listSessions } from "@/app/api/sessions/route";
import { KEPT_COPY_MAX_AGE_MS } from "@/lib/domain/history/migration-item";
import { relativeTime } from "@/lib/domain/history/relative-time";
import { postgresAdapter, setDbForTests } from "@/lib/server/db";
import { PrismaClient } from "@/lib/server/generated/prisma/client";
import { saveSessionForUser } from "@/lib/server/services/session-store";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";

const api = setUpApiTestContext();
setEnvForFile(clerkTestEnv());

const auth = async (userId: string) => bearer(await mintSessionToken(userId));
const localSession = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  transcript: "Ana: hi\nBen: hello",
  analysis: { cards: [{ title: "Curiosity" }] },
  swipeActions: [{ cardIndex: 0, action: "helpful" }],
  createdAt: "2026-11-20T10:00:00.000Z",
  name: `Session ${id}`,
  followUpTranscripts: [{ transcript: "We did it!", createdAt: "2026-11-21T10:00:00.000Z" }],
  ...extra,
});

/** A stored session of `userId` with a vote, a follow-up and a failure marker holding audio. Returns its server id. */
async function storedSession(userId: string, localId: string): Promise<string> {
  const { id } = await saveSessionForUser(userId, localId, localSession(localId) as never);
  await api.db.failureMarker.create({ data: { sessionId: id, kind: "analysis", error: "overloaded", audio: Buffer.from([1, 2, 3]) } });
  return id;
}

async function children(sessionId: string) {
  const [votes, followUps, failures] = await Promise.all([
    api.db.swipeAction.count({ where: { sessionId } }),
    api.db.followUpTranscript.count({ where: { sessionId } }),
    api.db.failureMarker.count({ where: { sessionId } }),
  ]);
  return { votes, followUps, failures };
}

describe("DELETE /api/sessions/{id}", () => {
  const remove = async (userId: string | null, id: string, query = "") =>
    deleteSession(apiRequest(`/api/sessions/${id}${query}`, { method: "DELETE", headers: userId ? await auth(userId) : {} }), routeContext({ id }));

  it("deletes the owner's session with its votes, follow-ups and failure markers; then it is a 404", async () => {
    const id = await storedSession("user_d1", "local-d1");
    expect(await children(id)).toEqual({ votes: 1, followUps: 1, failures: 1 });

    const response = await remove("user_d1", id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.get("cache-control")).toBe("no-store");

    expect((await getSession(apiRequest(`/api/sessions/${id}`, { headers: await auth("user_d1") }), routeContext({ id }))).status).toBe(404);
    expect(await api.db.session.count({ where: { id } })).toBe(0);
    expect(await children(id)).toEqual({ votes: 0, followUps: 0, failures: 0 });
    expect((await remove("user_d1", id)).status).toBe(404);
  });

  it("takes the unfinished upload of a follow-up recorded for it (named by server or browser id), with its audio; others stay", async () => {
    const id = await storedSession("user_d5", "local-d5");
    const otherId = await storedSession("user_d5", "local-d5-other");
    // A long Growth Commitment recording sent in parts, interrupted: its parts' audio waits on the server.
    const upload = (owner: string, clientId: string, followUpOf: string) =>
      api.db.upload.create({
        data: {
          owner,
          clientId,
          mimeType: "audio/webm",
          language: "en",
          minSpeakers: 2,
          maxSpeakers: 2,
          followUpOf,
          plan: { parts: [{ startMs: 0, bytes: 3, pieces: ["a".repeat(64)] }] },
          expiresAt: new Date(Date.now() + 3_600_000),
          pieces: { create: { part: 0, piece: 0, size: 3, sha256: "a".repeat(64), bytes: Buffer.from([1, 2, 3]) } },
        },
      });
    const byServerId = await upload("user:user_d5", "rec-d5-1", id);
    const byBrowserId = await upload("user:user_d5", "rec-d5-2", "local-d5");
    const ofOtherSession = await upload("user:user_d5", "rec-d5-3", otherId);
    const ofOtherUser = await upload("user:user_d5x", "rec-d5-1", id);

    expect((await remove("user_d5", id)).status).toBe(200);
    const left = await api.db.upload.findMany({ where: { clientId: { startsWith: "rec-d5" } }, select: { id: true } });
    expect(left.map((row) => row.id).sort()).toEqual([ofOtherSession.id, ofOtherUser.id].sort());
    expect(await api.db.uploadPiece.count({ where: { uploadId: { in: [byServerId.id, byBrowserId.id] } } })).toBe(0);
  });

  it("accepts the retry form and the browser id the session was saved under", async () => {
    const id = await storedSession("user_d2", "local-d2");
    const response = await remove("user_d2", "local-d2", "?retry=true&force=true");
    expect(response.status).toBe(200);
    expect(await api.db.session.count({ where: { id } })).toBe(0);
  });

  it("is a 404 for another user's session and for an unknown id, deleting nothing", async () => {
    const id = await storedSession("user_d3", "local-d3");
    const stranger = await remove("user_d4", id);
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).error).toBe("Session not found");
    expect((await remove("user_d4", "local-d3")).status).toBe(404);
    expect((await remove("user_d3", "0b4d5a7e-1111-4222-8333-944455556666")).status).toBe(404);
    expect(await children(id)).toEqual({ votes: 1, followUps: 1, failures: 1 });
  });

  it("needs a signed-in caller", async () => {
    const id = await storedSession("user_d5", "local-d5");
    expect((await remove(null, id)).status).toBe(401);
    expect(await api.db.session.count({ where: { id } })).toBe(1);
  });

  it("the public variant answers localOnly and deletes nothing", async () => {
    const id = await storedSession("user_d6", "local-d6");
    const response = await deletePublic(apiRequest(`/api/public/sessions/${id}`, { method: "DELETE" }), routeContext({ id }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, localOnly: true });
    expect(await api.db.session.count({ where: { id } })).toBe(1);
  });
});

describe("GET /api/sessions/{id}/invalidate-cache", () => {
  it("confirms for the owner and is a 404 for anyone else", async () => {
    const id = await storedSession("user_i1", "local-i1");
    const call = async (userId: string, sessionId: string) =>
      invalidate(apiRequest(`/api/sessions/${sessionId}/invalidate-cache`, { headers: await auth(userId) }), routeContext({ id: sessionId }));
    const mine = await call("user_i1", id);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ success: true });
    expect((await call("user_i2", id)).status).toBe(404);
    expect((await call("user_i1", "local-unknown")).status).toBe(404);
  });

  it("the public variant confirms", async () => {
    const response = await invalidatePublic(apiRequest("/api/public/sessions/local-x/invalidate-cache"), routeContext({ id: "local-x" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
  });
});

describe("POST /api/sessions/{id}/append-transcript", () => {
  const call = async (userId: string, id: string, body: unknown) =>
    append(apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", body, headers: await auth(userId) }), routeContext({ id }));

  it("appends a follow-up once, bumps the activity date and answers the updated session", async () => {
    const id = await storedSession("user_a1", "local-a1");
    const before = (await api.db.session.findUniqueOrThrow({ where: { id } })).lastActivityAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const body = {
      transcript: "Ana: we went for a walk",
      speakerNames: { A: "Ana" },
      transcriptionSegments: [{ speaker: "A", start: 0, end: 2, text: "we went for a walk" }],
    };

    const response = await call("user_a1", id, body);
    expect(response.status).toBe(200);
    const session = await response.json();
    expect(session).toMatchObject({ id, status: "ok" });
    expect(session.followUpTranscripts.map((item: { transcript: string }) => item.transcript)).toEqual(["We did it!", "Ana: we went for a walk"]);
    expect(session.followUpTranscripts[1]).toMatchObject({ speakerNames: { A: "Ana" }, transcriptionSegments: body.transcriptionSegments });
    expect((await api.db.session.findUniqueOrThrow({ where: { id } })).lastActivityAt.getTime()).toBeGreaterThan(before.getTime());

    expect((await call("user_a1", "local-a1", body)).status).toBe(200);
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(2);
  });

  it("is a 404 for another user's session, adding nothing", async () => {
    const id = await storedSession("user_a2", "local-a2");
    expect((await call("user_a3", id, { transcript: "intruder" })).status).toBe(404);
    expect((await call("user_a3", "local-a2", { transcript: "intruder" })).status).toBe(404);
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(1);
  });

  it.each([
    ["no transcript", {}],
    ["a blank transcript", { transcript: "   " }],
    ["a transcript that is not text", { transcript: 42 }],
    ["a transcript over 200,000 characters", { transcript: "x".repeat(200_001) }],
    ["segments that are not a list", { transcript: "ok", transcriptionSegments: "nope" }],
    ["malformed JSON", '{"transcript":'],
  ])("refuses %s with a 400", async (_, body) => {
    const id = await storedSession("user_a4", `local-a4-${Math.random().toString(36).slice(2, 8)}`);
    expect((await call("user_a4", id, body)).status).toBe(400);
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(1);
  });

  it("refuses an oversized body with a 413", async () => {
    const id = await storedSession("user_a5", "local-a5");
    expect((await call("user_a5", id, { transcript: "ok", speakers: { a: "x".repeat(3 * 1024 * 1024) } })).status).toBe(413);
  });

  it("the public variant stores nothing, even for an id the server knows", async () => {
    const id = await storedSession("user_a6", "local-a6");
    const response = await appendPublic(
      apiRequest(`/api/public/sessions/${id}/append-transcript`, { method: "POST", body: { transcript: "guest", context: { transcript: "Ana: hi" } } }),
      routeContext({ id }),
    );
    expect(response.status).toBe(200);
    expect(await api.db.followUpTranscript.count({ where: { transcript: "guest" } })).toBe(0);
  });
});

describe("POST /api/sessions/migrate?skipRegeneration=true", () => {
  const call = async (userId: string | null, body: unknown) =>
    migrate(apiRequest("/api/sessions/migrate?skipRegeneration=true", { method: "POST", body, headers: userId ? await auth(userId) : {} }), routeContext());
  const names = async (userId: string) =>
    (await api.db.session.findMany({ where: { userId }, orderBy: { name: "asc" }, select: { name: true } })).map((row) => row.name);

  it("moves the guest's sessions into the account, skipping tutorials and counting invalid items in the warning", async () => {
    const sessions = [
      localSession("local-m1"),
      localSession("local-m2", { followUpTranscripts: [] }),
      localSession("local-tutorial", { isExample: true }),
      { id: "local-bad", followUpTranscripts: "not a list" },
      { transcript: "no id" },
    ];
    const response = await call("user_m1", { sessions });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, migratedCount: 2, error: null, localOnly: false });
    expect(body.warning).toMatch(/^2 sessions were not migrated/);
    expect(body.migrated.map((item: { localId: string }) => item.localId)).toEqual(["local-m1", "local-m2"]);
    expect(await names("user_m1")).toEqual(["Session local-m1", "Session local-m2"]);

    const stored = await api.db.session.findFirstOrThrow({ where: { userId: "user_m1", clientId: "local-m1" } });
    expect(stored.createdAt.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(await children(stored.id)).toEqual({ votes: 1, followUps: 1, failures: 0 });
  });

  it("keeps each migrated session's own dates for the history: not all 'just now', and newest first by their activity", async () => {
    const sessions = [
      // Recorded on the 20th, its growth follow-up on the 21st.
      localSession("local-old"),
      localSession("local-older", { createdAt: "2026-11-10T08:00:00.000Z", followUpTranscripts: [] }),
      localSession("local-newest", { createdAt: "2026-11-24T19:30:00.000Z", followUpTranscripts: [] }),
    ];
    expect((await (await call("user_mdate1", { sessions })).json()).migratedCount).toBe(3);

    const list = await (await listSessions(apiRequest("/api/sessions", { headers: await auth("user_mdate1") }), routeContext())).json();
    const shown = list.sessions.map((item: { name: string; lastActivityAt: string }) => [item.name, item.lastActivityAt]);
    expect(shown).toEqual([
      ["Session local-newest", "2026-11-24T19:30:00.000Z"],
      ["Session local-old", "2026-11-21T10:00:00.000Z"],
      ["Session local-older", "2026-11-10T08:00:00.000Z"],
    ]);
    expect(relativeTime(list.sessions[2].lastActivityAt, Date.parse("2026-11-26T12:00:00.000Z"))).toBe("Nov 10");
  });

  it("a migrated session dated in the future (a device clock ahead) is no later than the migration", async () => {
    const before = Date.now();
    await call("user_mdate2", { sessions: [localSession("local-ahead", { createdAt: "2099-01-01T00:00:00.000Z", followUpTranscripts: [] })] });
    const stored = await api.db.session.findFirstOrThrow({ where: { userId: "user_mdate2" } });
    expect(stored.lastActivityAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(stored.lastActivityAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("is idempotent: twice, after an interruption or from a second device, no duplicates", async () => {
    const sessions = [localSession("local-n1"), localSession("local-n2"), localSession("local-n3")];
    expect((await (await call("user_m2", { sessions })).json()).migratedCount).toBe(3);
    expect((await (await call("user_m2", { sessions })).json()).migratedCount).toBe(3);
    // A second device with the same local ids, one of them edited there, and the same id twice in one list.
    const secondDevice = [localSession("local-n2", { name: "Edited elsewhere" }), localSession("local-n1"), localSession("local-n1")];
    expect((await call("user_m2", { sessions: secondDevice })).status).toBe(200);
    expect(await api.db.session.count({ where: { userId: "user_m2" } })).toBe(3);
    expect(await names("user_m2")).toEqual(["Edited elsewhere", "Session local-n1", "Session local-n3"]);
    const first = await api.db.session.findFirstOrThrow({ where: { userId: "user_m2", clientId: "local-n1" } });
    expect(await api.db.followUpTranscript.count({ where: { sessionId: first.id } })).toBe(1);
    expect(await api.db.swipeAction.count({ where: { sessionId: first.id } })).toBe(1);
  });

  describe("a copy the account kept on a device (sign-out's hand-over, or a later visit's migration)", () => {
    const kept = (changedMsAgo: number | null) => ({ keptCopy: { changedMsAgo } });
    /** The account's session, stored from this device an hour ago; its copy kept here since (a vote the account refused). */
    async function accountSession(userId: string, localId: string) {
      const { id } = await saveSessionForUser(userId, localId, localSession(localId, { summary: "First summary" }) as never);
      await api.db.$executeRaw`UPDATE "Session" SET "updatedAt" = now() - interval '1 hour' WHERE id = ${id}`;
      const keptCopy = localSession(id, {
        name: "Title kept here",
        summary: "First summary",
        recommendations: ["Check in weekly"],
        swipeActions: [{ cardIndex: 0, action: "unhelpful" }],
        commitments: [{ text: "Walk together on Fridays", who: "both" }],
      });
      return { id, keptCopy };
    }
    const stored = (id: string) => api.db.session.findUniqueOrThrow({ where: { id }, include: { swipeActions: true, commitments: true } });

    it("never replaces what the account changed after the copy: title, regenerated summary, votes, answered commitments", async () => {
      const { id, keptCopy } = await accountSession("user_k1", "local-k1");
      // Since the copy was kept (a minute ago), the account's copy changed: on another device, or in this browser.
      await saveSessionForUser(
        "user_k1",
        id,
        localSession(id, { name: "Edited elsewhere", summary: "Regenerated", recommendations: ["Plan a date"] }) as never,
      );
      await api.db.commitment.create({
        data: { userId: "user_k1", sessionId: id, text: "Walk together on Fridays", who: "both", outcome: "kept", outcomeAt: new Date() },
      });
      const before = await stored(id);

      const response = await call("user_k1", { sessions: [{ ...keptCopy, ...kept(60_000) }] });
      expect(response.status).toBe(200);
      // The account holds the session: the device may let its copy go.
      expect(await response.json()).toMatchObject({ migratedCount: 1, migrated: [{ localId: id, id }], skipped: [], warning: null });
      const after = await stored(id);
      expect(after).toMatchObject({ name: "Edited elsewhere", summary: "Regenerated", recommendations: ["Plan a date"] });
      expect(after.swipeActions.map((vote) => vote.action)).toEqual(["helpful"]);
      expect(after.commitments.map((item) => [item.text, item.outcome])).toEqual([["Walk together on Fridays", "kept"]]);
      expect(after.updatedAt).toEqual(before.updatedAt);
      expect(after.lastActivityAt).toEqual(before.lastActivityAt);
    });

    it("brings what the account does not have yet when the copy is the newer one (the refused vote, a title)", async () => {
      const { id, keptCopy } = await accountSession("user_k2", "local-k2");
      const response = await call("user_k2", { sessions: [{ ...keptCopy, ...kept(60_000) }] });
      expect(await response.json()).toMatchObject({ migratedCount: 1, migrated: [{ localId: id, id }] });
      const after = await stored(id);
      expect(after).toMatchObject({ name: "Title kept here", recommendations: ["Check in weekly"] });
      expect(after.swipeActions.map((vote) => vote.action)).toEqual(["unhelpful"]);
      expect(after.commitments.map((item) => item.text)).toEqual(["Walk together on Fridays"]);
    });

    it("the copy's age counts, not the device's clock: a copy dated ahead of the account's change is still older", async () => {
      const { id, keptCopy } = await accountSession("user_k3", "local-k3");
      await saveSessionForUser("user_k3", id, localSession(id, { name: "Edited elsewhere" }) as never);
      // Written 10 s before sending by a device whose clock runs an hour ahead: its dates say nothing; its age does.
      const aheadBy = 60 * 60 * 1000;
      const copy = { ...keptCopy, swipeActions: [{ cardIndex: 0, action: "unhelpful", timestamp: Date.now() + aheadBy - 10_000 }] };
      await call("user_k3", { sessions: [{ ...copy, ...kept(10_000) }] });
      expect(await stored(id)).toMatchObject({ name: "Edited elsewhere", swipeActions: [expect.objectContaining({ action: "helpful" })] });
    });

    it("a copy of unknown age leaves the account's copy as it is, yet one the account never stored is stored", async () => {
      const { id, keptCopy } = await accountSession("user_k4", "local-k4");
      const unsaved = localSession("local-k4-unsaved", { name: "Never reached the account" });
      const response = await call("user_k4", {
        sessions: [
          { ...keptCopy, ...kept(null) },
          { ...unsaved, ...kept(null) },
        ],
      });
      const body = await response.json();
      expect(body).toMatchObject({ migratedCount: 2, skipped: [] });
      expect(body.migrated.map((item: { localId: string }) => item.localId)).toEqual([id, "local-k4-unsaved"]);
      expect(await stored(id)).toMatchObject({ name: "Session local-k4", swipeActions: [expect.objectContaining({ action: "helpful" })] });
      expect(await names("user_k4")).toEqual(["Never reached the account", "Session local-k4"]);
    });

    it("an unmarked copy (a guest's migration, a change sent right after its move) still updates the account's copy", async () => {
      const { id, keptCopy } = await accountSession("user_k5", "local-k5");
      await saveSessionForUser("user_k5", id, localSession(id, { name: "Edited elsewhere" }) as never);
      await call("user_k5", { sessions: [{ ...keptCopy, name: "Changed after the move" }] });
      expect(await stored(id)).toMatchObject({ name: "Changed after the move" });
    });

    it.each([
      ["with a negative age", kept(-1)],
      ["with a fractional age", kept(1.5)],
      ["with an age as text", { keptCopy: { changedMsAgo: "60000" } }],
      ["with an age beyond ten years", kept(KEPT_COPY_MAX_AGE_MS + 1)],
      ["without an age", { keptCopy: {} }],
      ["with an unknown field", { keptCopy: { changedMsAgo: 5, force: true } }],
      ["that is not an object", { keptCopy: "yes" }],
    ])("a mark %s leaves that session out as invalid (a 200, never a 500) and writes nothing", async (_, mark) => {
      const { id, keptCopy } = await accountSession("user_k6", `local-k6-${Math.random()}`);
      const response = await call("user_k6", { sessions: [{ ...keptCopy, ...mark }] });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ migratedCount: 0, migrated: [], skipped: [{ localId: id, reason: "invalid" }] });
      expect(await stored(id)).toMatchObject({
        name: expect.stringMatching(/^Session local-k6-/),
        swipeActions: [expect.objectContaining({ action: "helpful" })],
      });
    });
  });

  it("survives two devices migrating the same sessions at once", async () => {
    const sessions = [localSession("local-r1"), localSession("local-r2")];
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    const responses = await Promise.all([1, 2, 3].map(() => call("user_m3", { sessions })));
    log.mockRestore();
    // The loser of a race to create must update what the winner created, not report the session as failed.
    for (const response of responses) expect(await response.json()).toMatchObject({ success: true, migratedCount: 2, warning: null });
    expect(await api.db.session.count({ where: { userId: "user_m3" } })).toBe(2);
  });

  it("never touches or creates a session under a server id the caller does not own", async () => {
    const theirs = await storedSession("user_m4", "local-theirs");
    const unknown = "0b4d5a7e-1111-4222-8333-944455556666";
    const response = await call("user_m5", { sessions: [localSession(theirs, { name: "Hijacked" }), localSession(unknown), localSession("local-mine")] });
    const body = await response.json();
    expect(body).toMatchObject({ success: true, migratedCount: 1 });
    expect(body.warning).toContain("2 not found in this account");
    expect(await names("user_m5")).toEqual(["Session local-mine"]);
    expect((await api.db.session.findUniqueOrThrow({ where: { id: theirs } })).name).toBe("Session local-theirs");
    expect(await api.db.session.count({ where: { id: unknown } })).toBe(0);
  });

  it("an empty list migrates nothing and warns of nothing", async () => {
    expect(await (await call("user_m6", { sessions: [] })).json()).toMatchObject({ success: true, migratedCount: 0, warning: null });
  });

  it.each([
    ["malformed JSON", '{"sessions": ['],
    ["no sessions list", { other: [] }],
    ["sessions that are not a list", { sessions: "all" }],
    ["more than 100 sessions", { sessions: Array.from({ length: 101 }, (_, index) => localSession(`local-many-${index}`)) }],
  ])("refuses %s with a 400, storing nothing", async (_, body) => {
    expect((await call("user_m7", body)).status).toBe(400);
    expect(await api.db.session.count({ where: { userId: "user_m7" } })).toBe(0);
  });

  it("refuses a body over 8 MB with a 413", async () => {
    const big = localSession("local-big", { transcript: "x".repeat(190_000) });
    expect((await call("user_m7", { sessions: Array.from({ length: 50 }, () => big) })).status).toBe(413);
    expect(await api.db.session.count({ where: { userId: "user_m7" } })).toBe(0);
  });

  it("anonymous callers get 401 with localOnly, on both paths, and nothing is stored", async () => {
    const before = await api.db.session.count();
    const response = await migratePublic(
      apiRequest("/api/public/sessions/migrate?skipRegeneration=true", { method: "POST", body: { sessions: [localSession("local-g1")] } }),
      routeContext(),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, localOnly: true, migratedCount: 0, error: "Sessions remain on this device only." });
    const unsigned = await call(null, { sessions: [localSession("local-g1")] });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ success: false, localOnly: true, migratedCount: 0 });
    expect(await api.db.session.count()).toBe(before);
  });

  it("answers 503 with localOnly when the database cannot be reached", async () => {
    const unreachable = new PrismaClient({ adapter: postgresAdapter("postgresql://postgres@127.0.0.1:1/none?connect_timeout=2") });
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    setDbForTests(unreachable);
    try {
      const response = await call("user_m8", { sessions: [localSession("local-o1")] });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ success: false, localOnly: true, migratedCount: 0, error: "Sessions remain on this device only." });
    } finally {
      setDbForTests(api.db);
      log.mockRestore();
      await unreachable.$disconnect();
    }
    expect(await api.db.session.count({ where: { userId: "user_m8" } })).toBe(0);
  });
});
