/** @jest-environment node */
import { GET as listPublic } from "@/app/api/public/sessions/route";
import { GET as listAccount } from "@/app/api/sessions/route";
import { SESSION_LIST_LIMITS, sessionListPageSchema } from "@/lib/domain/history/session-list";
import { validateLabels } from "@/lib/domain/signals/labels";
import { buildSignalsRecord, signalTurns, trendPointOf } from "@/lib/domain/signals/record";
import { clerkTestEnv, mintHandshakeToken, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_CLERK, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { createTestDb, type TestDb } from "@/tests/helpers/test-db";

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  const day = (n: number) => new Date(Date.UTC(2026, 10, n));
  await testDb.db.session.createMany({
    data: [
      { userId: "user_a", name: "Older", createdAt: day(1), lastActivityAt: day(2) },
      { userId: "user_a", name: "Newest activity", createdAt: day(3), lastActivityAt: day(9) },
      { userId: "user_a", name: "Tutorial", isExample: true },
      { userId: "user_b", name: "Someone else's" },
    ],
  });
});
afterAll(() => testDb.dispose());

describe("GET /api/sessions with Clerk configured", () => {
  setEnvForFile(clerkTestEnv());

  it("answers the caller's own sessions, newest activity first, without examples", async () => {
    const response = await listAccount(apiRequest("/api/sessions", { headers: bearer(await mintSessionToken("user_a")) }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-session-scope")).toBe("account");
    const { sessions, nextCursor, total } = await response.json();
    expect(sessions.map((session: { name: string }) => session.name)).toEqual(["Newest activity", "Older"]);
    // The stored instants, in UTC whatever the server's or the database's time zone.
    expect(sessions[1]).toMatchObject({ createdAt: "2026-11-01T00:00:00.000Z", lastActivityAt: "2026-11-02T00:00:00.000Z" });
    expect(nextCursor).toBeNull();
    expect(total).toBe(2);
  });

  it("authenticates with the __session cookie too", async () => {
    const token = await mintSessionToken("user_b", { azp: "http://localhost:3000" });
    // A development instance also expects the dev-browser cookie a real browser carries.
    const cookie = `__session=${token}; __client_uat=${Math.floor(Date.now() / 1000) - 60}; __clerk_db_jwt=dvb_test`;
    const response = await listAccount(apiRequest("/api/sessions", { headers: { cookie } }), routeContext());
    expect(response.status).toBe(200);
    expect((await response.json()).sessions.map((session: { name: string }) => session.name)).toEqual(["Someone else's"]);
  });

  it("refuses identity headers without a token", async () => {
    const forged = { "x-user-id": "user_a", "x-user-email": "a@example.com", "x-user-name": "A" };
    const response = await listAccount(apiRequest("/api/sessions", { headers: forged }), routeContext());
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).not.toContain("Older");
  });

  it("refuses an expired token and one signed by another key", async () => {
    const expired = await mintSessionToken("user_a", { expiresInSeconds: -120 });
    expect((await listAccount(apiRequest("/api/sessions", { headers: bearer(expired) }), routeContext())).status).toBe(401);

    const { generateKeyPairSync } = await import("node:crypto");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forgedToken = await mintSessionToken("user_a", { privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString() });
    expect((await listAccount(apiRequest("/api/sessions", { headers: bearer(forgedToken) }), routeContext())).status).toBe(401);
  });

  it("accepts a token it has verified before only until that token expires", async () => {
    const token = await mintSessionToken("user_a", { expiresInSeconds: 60 });
    const list = () => listAccount(apiRequest("/api/sessions", { headers: bearer(token) }), routeContext());
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    // Only the clock moves: past the token's expiry and Clerk's allowed skew, the kept outcome must not answer for it.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "setTimeout", "setInterval", "queueMicrotask", "performance", "hrtime"] });
    try {
      jest.setSystemTime(Date.now() + 120_000);
      expect((await list()).status).toBe(401);
    } finally {
      jest.useRealTimers();
    }
  });

  it("never answers a guest as the user whose handshake another request carried in its URL", async () => {
    const handshake = mintHandshakeToken(await mintSessionToken("user_a", { expiresInSeconds: 60 }));
    // A guest's usual headers: a cookie of the app's own, no session token.
    const guestHeaders = { cookie: "disclaimer_accepted=1", "sec-fetch-dest": "empty", origin: "http://localhost:3000", referer: "http://localhost:3000/" };
    const planted = await listAccount(apiRequest(`/api/sessions?__clerk_handshake=${handshake}`, { headers: guestHeaders }), routeContext());
    // Clerk itself signs the URL's handshake in; that outcome must stay with that request.
    expect(planted.status).toBe(200);
    expect((await listAccount(apiRequest("/api/sessions", { headers: guestHeaders }), routeContext())).status).toBe(401);
  });

  it("the public variant reads nothing, even for a signed-in caller", async () => {
    const response = await listPublic(apiRequest("/api/public/sessions", { headers: bearer(await mintSessionToken("user_a")) }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-session-scope")).toBe("public");
    expect(await response.json()).toEqual({ sessions: [], nextCursor: null });
  });
});

describe("GET /api/sessions in guest-only mode", () => {
  setEnvForFile(NO_CLERK);

  it("accepts no token at all: the signed-in variant is 401, the public one answers", async () => {
    const token = await mintSessionToken("user_a");
    expect((await listAccount(apiRequest("/api/sessions", { headers: bearer(token) }), routeContext())).status).toBe(401);
    expect((await listPublic(apiRequest("/api/public/sessions"), routeContext())).status).toBe(200);
  });
});

// ---- Paging (issue 14): a slim page, an opaque cursor, every session reachable exactly once ----

type Page = { sessions: Record<string, unknown>[]; nextCursor: string | null; total?: number };

const pagingUser = "user_paging";
const tiedUser = "user_ties";
const at = (minute: number) => new Date(Date.UTC(2026, 9, 1, 12, minute));
// A transcript far longer than any preview, ending in words no list answer may carry.
const longTranscript = `SPEAKER_00: We keep arguing about money and the budget.\n${"SPEAKER_01: I hear you, let us plan it together.\n".repeat(400)}SPEAKER_00: TAIL-OF-THE-TRANSCRIPT`;
const segments = [
  { speaker: "A", text: "You never clean up after dinner.", start: 0, end: 4 },
  { speaker: "B", text: "Fine.", start: 9.5, end: 10 },
  { speaker: "A", text: "Sorry, can we talk about it calmly?", start: 11, end: 14 },
  { speaker: "B", text: "Yes, thanks for saying that.", start: 14.5, end: 18 },
  { speaker: "A", text: "Do you want to go for a walk later?", start: 200, end: 203 },
  { speaker: "B", text: "Stop nagging me about walks.", start: 203.5, end: 206 },
];
const labelAnswer = {
  labels: [
    { turn: 0, label: "criticism", quote: "You never clean up", responds_to: null },
    { turn: 2, label: "repair_attempt", quote: "can we talk about it calmly", responds_to: null },
    { turn: 3, label: "appreciation", quote: "thanks for saying that", responds_to: 2 },
    { turn: 4, label: "bid", quote: "go for a walk", responds_to: null },
    { turn: 5, label: "contempt", quote: "Stop nagging me", responds_to: 4 },
  ],
};
const turns = signalTurns(segments);
const signals = buildSignalsRecord({ turns, ...validateLabels(labelAnswer, turns), mode: "couple" });

async function page(userId: string, query = ""): Promise<Response> {
  return listAccount(apiRequest(`/api/sessions${query}`, { headers: bearer(await mintSessionToken(userId)) }), routeContext());
}

async function pageJson(userId: string, query = ""): Promise<Page> {
  const response = await page(userId, query);
  expect(response.status).toBe(200);
  return response.json();
}

/** Every page from the first, following nextCursor. */
async function walk(userId: string, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const next: Page = await pageJson(userId, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe("GET /api/sessions pages the history", () => {
  setEnvForFile(clerkTestEnv());

  beforeAll(async () => {
    const db = testDb.db;
    // 23 sessions, three pairs of them at the same instant.
    await db.session.createMany({
      data: Array.from({ length: 23 }, (_, index) => ({
        id: `page-${String(index).padStart(2, "0")}`,
        userId: pagingUser,
        name: `Paged ${index}`,
        createdAt: at(index),
        lastActivityAt: at(index % 20),
        transcript: index === 5 ? longTranscript : index === 9 ? "" : `SPEAKER_00: conversation ${index}`,
        analysis:
          index === 9
            ? { transcriptionSegments: [{ text: "The rent and the money" }, { text: "and the budget" }] }
            : index === 5
              ? { briefSummary: "Money and the budget", speakerNames: { SPEAKER_01: "Ben" }, cards: [{ title: "A" }, { title: "B" }, { title: "CARD-BODY" }] }
              : undefined,
        signals: index === 5 ? (signals as object) : undefined,
        speakerNames: index === 5 ? { SPEAKER_00: "Ana" } : undefined,
      })),
    });
    await db.followUpTranscript.create({ data: { sessionId: "page-05", transcript: "FOLLOW-UP-WORDS" } });
    await db.commitment.createMany({
      data: [
        { userId: pagingUser, sessionId: "page-05", text: "Walk on Sundays", outcome: "kept" },
        { userId: pagingUser, sessionId: "page-05", text: "Plan the budget", outcome: "partly" },
      ],
    });
    await db.failureMarker.create({ data: { sessionId: "page-07", kind: "analysis", error: "Analysis timed out", attemptCount: 2 } });
    // Seven sessions at one instant: only the id orders them.
    await db.session.createMany({
      data: Array.from({ length: 7 }, (_, index) => ({ id: `tie-${index}`, userId: tiedUser, lastActivityAt: at(0), createdAt: at(0) })),
    });
  });

  it("reaches every session exactly once, newest activity first, ties by id, in pages of the asked size", async () => {
    const pages = await walk(pagingUser, 5);
    expect(pages.map((item) => item.sessions.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const ids = pages.flatMap((item) => item.sessions.map((session) => session.id));
    const expected = Array.from({ length: 23 }, (_, index) => ({ id: `page-${String(index).padStart(2, "0")}`, at: (index % 20) * 60_000 }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((item) => item.id);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(23);
    // The count comes with the first page only.
    expect(pages[0]!.total).toBe(23);
    expect(pages[1]!.total).toBeUndefined();
  });

  it("is stable when many sessions share one instant, whatever the page size", async () => {
    for (const limit of [1, 2, 3, 7, 50]) {
      const ids = (await walk(tiedUser, limit)).flatMap((item) => item.sessions.map((session) => session.id));
      expect(ids).toEqual(["tie-6", "tie-5", "tie-4", "tie-3", "tie-2", "tie-1", "tie-0"]);
    }
  });

  it("holds ten sessions by default and fifty at most", async () => {
    const first = await pageJson(pagingUser);
    expect(first.sessions).toHaveLength(SESSION_LIST_LIMITS.defaultPage);
    expect((await pageJson(pagingUser, "?limit=50")).sessions).toHaveLength(23);
    // The cache busters the client sends are not parameters of the list.
    expect((await pageJson(pagingUser, `?limit=2&cacheBuster=${Date.now()}&_=1`)).sessions).toHaveLength(2);
  });

  it.each(["0", "51", "-1", "1.5", "ten", "", "1e9"])("refuses limit=%s with a 400", async (limit) => {
    const response = await page(pagingUser, `?limit=${encodeURIComponent(limit)}`);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("bad_request");
  });

  const base64url = (text: string) => Buffer.from(text).toString("base64url");
  it.each([
    ["garbage", "not a cursor!"],
    ["empty", ""],
    ["another version", base64url("v2:1:page-01")],
    ["a forged id", base64url("v1:1:page-01' OR '1'='1")],
    ["a time out of range", base64url("v1:99999999999999999:page-01")],
    ["a year-10000 time", base64url("v1:253402300800000:page-01")],
    ["the latest time a Date holds", base64url("v1:8640000000000000:page-01")],
    ["too long", "A".repeat(5_000)],
    ["JSON", base64url(JSON.stringify({ at: 1, id: "page-01" }))],
  ])("refuses a %s cursor with a 400, not a 500", async (_name, cursor) => {
    const response = await page(pagingUser, `?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("bad_request");
  });

  it("never lists another user's sessions, not even with a cursor taken from their list", async () => {
    const theirs = await pageJson(tiedUser, "?limit=2");
    const mine = await pageJson(pagingUser, `?limit=50&cursor=${encodeURIComponent(theirs.nextCursor!)}`);
    expect(mine.sessions.every((session) => String(session.id).startsWith("page-"))).toBe(true);
    const all = (await walk(pagingUser, 7)).flatMap((item) => item.sessions.map((session) => session.id));
    expect(all.some((id) => String(id).startsWith("tie-"))).toBe(false);
    expect((await pageJson("user_nobody")).sessions).toEqual([]);
  });

  it("carries the card, the counts, the kept tally and the trend point, never the transcript or the analysis", async () => {
    const all = (await walk(pagingUser, 50)).flatMap((item) => item.sessions);
    const { lastFailedAt: failedAt } = await testDb.db.failureMarker.findFirstOrThrow({ where: { sessionId: "page-07" } });
    const rich = all.find((session) => session.id === "page-05")!;
    expect(Object.keys(rich).sort()).toEqual(
      [
        "clientId",
        "commitmentTally",
        "createdAt",
        "failedAnalysis",
        "failedTranscription",
        "followUpCount",
        "id",
        "insightCount",
        "isCompleted",
        "lastActivityAt",
        "mode",
        "name",
        "preview",
        "signalsTrend",
        "title",
        "updatedAt",
      ].sort(),
    );
    expect(rich).toMatchObject({
      title: "Money and the budget",
      preview: `${"Ana: We keep arguing about money and the budget. Ben: I hear you, let us plan it together. Ben: I hear you, let us plan it together. Ben:".slice(0, 120)}...`,
      insightCount: 3,
      followUpCount: 1,
      commitmentTally: { kept: 1, total: 2 },
      signalsTrend: trendPointOf(signals),
      failedAnalysis: null,
    });
    expect(rich.signalsTrend).toEqual({ ratio: 0.5, repairsAccepted: 1, repairsMade: 1, bidsToward: 0, bidsMade: 1 });
    expect(all.find((session) => session.id === "page-07")).toMatchObject({
      failedAnalysis: { error: "Analysis timed out", attemptCount: 2, timestamp: failedAt.toISOString() },
      signalsTrend: null,
      commitmentTally: null,
      insightCount: 0,
      title: "Communication",
    });
    // An older session kept its words in the analysis segments only: its topic and preview come from them.
    expect(all.find((session) => session.id === "page-09")).toMatchObject({ title: "Financial", preview: "" });
    const body = JSON.stringify(all);
    for (const secret of ["TAIL-OF-THE-TRANSCRIPT", "CARD-BODY", "FOLLOW-UP-WORDS", "Walk on Sundays", "can we talk about it calmly"])
      expect(body).not.toContain(secret);
    // Each page is validated by the client's own schema.
    expect(sessionListPageSchema.safeParse(await pageJson(pagingUser)).success).toBe(true);
  });

  it("shows a session's card as it is now, however its transcript, analysis or signals were last written", async () => {
    const db = testDb.db;
    const userId = "user_card_updates";
    const cardOf = async () => (await pageJson(userId)).sessions[0];
    await db.session.create({ data: { id: "card-1", userId, transcript: "SPEAKER_00: we should talk about the money and the rent" } });
    expect(await cardOf()).toMatchObject({ title: "Financial & Communication", insightCount: 0, signalsTrend: null });

    await db.session.update({ where: { id: "card-1" }, data: { analysis: { briefSummary: "Weekend plans", cards: [{ title: "A" }] } } });
    expect(await cardOf()).toMatchObject({ title: "Weekend plans", insightCount: 1 });

    await db.session.update({ where: { id: "card-1" }, data: { signals: signals as object } });
    expect((await cardOf())?.signalsTrend).toEqual(trendPointOf(signals));

    // Written around Prisma too (the database keeps the card, not the app).
    await db.$executeRaw`UPDATE "Session" SET "analysis" = NULL, "transcript" = '' WHERE "id" = 'card-1'`;
    expect(await cardOf()).toMatchObject({ title: "Specific Topics Discussion", preview: "", insightCount: 0 });
  });
});
