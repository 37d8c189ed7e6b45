/** @jest-environment node */
import { http, HttpResponse } from "msw";

import { DELETE as deleteData } from "@/app/api/account/data/route";
import { POST as analyze } from "@/app/api/analyze/route";
import { POST as liveCoach } from "@/app/api/realtime/session/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { POST as saveSession } from "@/app/api/sessions/[id]/route";
import { POST as migrate } from "@/app/api/sessions/migrate/route";
import { GET as listSessions } from "@/app/api/sessions/route";
import { POST as transcribe } from "@/app/api/transcribe/route";
import { POST as createUpload } from "@/app/api/uploads/route";
import { isErasedAccountRefusal } from "@/lib/server/http/errors";
import { deleteAccountData } from "@/lib/server/services/account-delete";
import { markAccountErased } from "@/lib/server/services/erased-accounts";
import { saveSessionForUser } from "@/lib/server/services/session-store";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { LOG_CANARY } from "@/tests/helpers/log-canary";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import {
  geminiError,
  geminiGenerate,
  geminiJson,
  modelAnalysis,
  OPENAI_BASE_URL,
  openAiChat,
  openAiError,
  openAiRealtimeClientSecret,
  openAiTranscription,
  PROVIDER_ENV,
} from "@/tests/msw/providers";

// The right to erasure holds after the answer: once DELETE /api/account/data?account=true has answered, nothing new is
// stored for that account, whether by a request that was already running (an analysis takes minutes) or by one made with
// the account's last session token, which Clerk's offline verification still accepts until it expires.

const api = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

const eraseAccount = async (headers: Record<string, string>) =>
  deleteData(apiRequest("/api/account/data?account=true", { method: "DELETE", headers }), routeContext());

/** Clerk's Backend API deleting the user: the last step of an erasure. */
const clerkDeletesUsers = () =>
  http.delete("https://api.clerk.com/v1/users/:userId", ({ params }) => HttpResponse.json({ object: "user", id: params.userId, deleted: true }));

/**
 * A provider answer held until the test lets it go: `arrived` once the request is waiting on the provider (past every
 * check made before the call), then `release()` lets the answer through.
 */
function heldProvider() {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    arrived,
    release,
    hold: async () => {
      arrive();
      await released;
    },
  };
}

/** Every row the server could hold for `userId`. */
async function rowsOf(userId: string) {
  const db = api.db;
  const [sessions, followUps, failureMarkers, commitments, uploads] = await Promise.all([
    db.session.count({ where: { userId } }),
    db.followUpTranscript.count({ where: { session: { userId } } }),
    db.failureMarker.count({ where: { session: { userId } } }),
    db.commitment.count({ where: { userId } }),
    db.upload.count({ where: { owner: `user:${userId}` } }),
  ]);
  return { sessions, followUps, failureMarkers, commitments, uploads };
}
const NOTHING = { sessions: 0, followUps: 0, failureMarkers: 0, commitments: 0, uploads: 0 };

// The canary: were a refused write logged with its content, the shared setup would fail the test (tests/setup/jest.setup.ts).
const transcript = `Ana: We never get time for us. ${LOG_CANARY}\nBen: Let's keep Saturday free.`;

describe("a request already running when the account is erased stores nothing", () => {
  // A refused write is an answer, not a failure of ours: nothing is logged as an error.
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, "error");
  });
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("an analysis: its session is not stored, and it answers as a caller nobody knows", async () => {
    const userId = "user_erased_midway";
    const headers = bearer(await mintSessionToken(userId));
    const provider = heldProvider();
    api.server.use(
      geminiGenerate(async () => {
        await provider.hold();
        return HttpResponse.json(geminiJson(modelAnalysis()));
      }),
      clerkDeletesUsers(),
    );
    const analysing = analyze(apiRequest("/api/analyze", { method: "POST", body: { transcript, clientId: "rec-midway" }, headers }), routeContext());
    await provider.arrived;

    const deleted = await eraseAccount(headers);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ success: true, accountDeleted: true });
    provider.release();

    const answer = await analysing;
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: "Please sign in to continue.", code: "unauthorized" });
    expect(await rowsOf(userId)).toEqual(NOTHING);
  });

  it("a failed transcription: neither its session nor its audio is kept", async () => {
    const userId = "user_erased_transcribing";
    const headers = bearer(await mintSessionToken(userId));
    const provider = heldProvider();
    api.server.use(
      openAiTranscription(async () => {
        await provider.hold();
        return openAiError(503, "Service Unavailable");
      }),
      geminiGenerate(() => geminiError(503, "The model is overloaded.")),
      clerkDeletesUsers(),
    );
    const audio = Buffer.from("webm-opus-bytes-of-a-short-conversation").toString("base64");
    const transcribing = transcribe(apiRequest("/api/transcribe", { method: "POST", body: { audio, clientId: "rec-erased" }, headers }), routeContext());
    await provider.arrived;

    expect((await eraseAccount(headers)).status).toBe(200);
    provider.release();

    const answer = await transcribing;
    expect(answer.status).toBe(401);
    expect((await answer.json()).failedSessionId).toBeUndefined();
    expect(await rowsOf(userId)).toEqual(NOTHING);
    expect(await api.db.failureMarker.count({ where: { audio: { not: null }, session: { clientId: "rec-erased" } } })).toBe(0);
  });

  it("a growth follow-up: its regenerated analysis and commitments are not stored", async () => {
    const userId = "user_erased_appending";
    const headers = bearer(await mintSessionToken(userId));
    const { id } = await saveSessionForUser(userId, "local-appending", { id: "local-appending", transcript, name: "Weekends" } as never);
    const provider = heldProvider();
    api.server.use(
      geminiGenerate(async () => {
        await provider.hold();
        return HttpResponse.json(geminiJson(modelAnalysis({ commitments: [{ text: "Keep Saturday mornings free", who: "both", byWhen: "Saturday" }] })));
      }),
      openAiChat(() => openAiError(503, "Service Unavailable")),
      clerkDeletesUsers(),
    );
    const followUp = { transcript: "Ana: Saturday mornings are ours, no phones.\nBen: Agreed, starting this week." };
    const appending = append(apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", body: followUp, headers }), routeContext({ id }));
    // The follow-up is stored before the regeneration asks the provider.
    await provider.arrived;
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(1);

    expect((await eraseAccount(headers)).status).toBe(200);
    provider.release();

    const answer = await appending;
    // The regeneration's commitments are the first row it writes: refused, as a caller nobody knows.
    expect(answer.status).toBe(401);
    expect(await rowsOf(userId)).toEqual(NOTHING);
  });
});

describe("the account's last session token, used after the erasure", () => {
  const userId = "user_erased_token";
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = bearer(await mintSessionToken(userId));
  });

  beforeEach(async () => {
    api.server.use(clerkDeletesUsers());
    // Used once before, so the token's verification is kept too (lib/server/auth/verified-tokens.ts).
    expect((await listSessions(apiRequest("/api/sessions", { headers }), routeContext())).status).toBe(200);
    expect((await eraseAccount(headers)).status).toBe(200);
  });

  it("saves nothing: a save or a migration is the 401 of a caller nobody knows", async () => {
    const save = await saveSession(
      apiRequest("/api/sessions/local-after", { method: "POST", body: { id: "local-after", transcript, name: "After" }, headers }),
      routeContext({ id: "local-after" }),
    );
    expect(save.status).toBe(401);
    expect(await save.json()).toMatchObject({ code: "unauthorized" });

    const migrated = await migrate(
      apiRequest("/api/sessions/migrate", { method: "POST", body: { sessions: [{ id: "local-migrated", transcript, name: "Migrated" }] }, headers }),
      routeContext(),
    );
    expect(migrated.status).toBe(401);
    expect(await rowsOf(userId)).toEqual(NOTHING);
  });

  it("buys no AI call where a sign-in is needed: the live coach's secret is not minted", async () => {
    let minted = 0;
    // Counts the calls, then leaves them to the fake that would mint the secret.
    api.server.use(
      http.post(`${OPENAI_BASE_URL}/realtime/client_secrets`, () => void minted++),
      openAiRealtimeClientSecret(),
    );
    const body = { userLabel: "Ana", guideContext: { headline: "Appreciation", description: "What went well between you this week?" }, language: "en-US" };
    const answer = await liveCoach(apiRequest("/api/realtime/session", { method: "POST", body, headers }), routeContext());
    expect(answer.status).toBe(401);
    expect(minted).toBe(0);
  });

  it("gets an analysis as a guest does: answered, nothing stored, no session id", async () => {
    api.server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const answer = await analyze(apiRequest("/api/analyze", { method: "POST", body: { transcript, clientId: "rec-after" }, headers }), routeContext());
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.analysis.cards.length).toBeGreaterThan(0);
    expect(body.sessionId).toBeNull();
    expect(await rowsOf(userId)).toEqual(NOTHING);
  });

  it("starts no upload of the account's own", async () => {
    const plan = { clientId: "rec-upload-after", mimeType: "audio/webm", language: "en", parts: [{ startMs: 0, bytes: 3, pieces: ["a".repeat(64)] }] };
    const answer = await createUpload(apiRequest("/api/uploads", { method: "POST", body: plan, headers }), routeContext());
    // Answered as any caller without an account: a guest's upload, with its own token, which names no account.
    expect(answer.status).toBe(201);
    expect((await answer.json()).uploadToken).toEqual(expect.any(String));
    expect(await rowsOf(userId)).toEqual(NOTHING);
  });

  it("may still erase again (a retry after Clerk's step failed), and reads an empty account", async () => {
    const again = await eraseAccount(headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ success: true, accountDeleted: true, deleted: { sessions: 0 } });
    const list = await listSessions(apiRequest("/api/sessions", { headers }), routeContext());
    expect(list.status).toBe(200);
    expect((await list.json()).sessions).toEqual([]);
    expect(await api.db.erasedAccount.count({ where: { userId } })).toBe(1);
  });
});

describe("at the database: no row of an erased account, whichever writer", () => {
  const userId = "user_erased_rows";
  const upload = (owner: string) => ({
    owner,
    clientId: `rec-${owner}`,
    mimeType: "audio/webm",
    language: "en",
    minSpeakers: 1,
    maxSpeakers: 2,
    plan: { parts: [] },
    expiresAt: new Date(Date.now() + 60_000),
  });

  it("refuses every table that names its owner, and nobody else's rows", async () => {
    const before = await api.db.session.create({ data: { userId, transcript } });
    await deleteAccountData(userId, { account: true });
    const refusals = [
      api.db.session.create({ data: { userId, transcript } }),
      api.db.commitment.create({ data: { userId, text: "Saturday", session: { create: { userId: "user_someone_else" } } } }),
      api.db.upload.create({ data: upload(`user:${userId}`) }),
      api.db.session.update({ where: { id: (await api.db.session.create({ data: { userId: "user_moved" } })).id }, data: { userId } }),
    ];
    for (const refused of refusals) await expect(refused.catch((error: unknown) => isErasedAccountRefusal(error))).resolves.toBe(true);
    expect(await api.db.session.findUnique({ where: { id: before.id } })).toBeNull();
    // Another account, and a guest's upload, are untouched by the guard.
    await expect(api.db.session.create({ data: { userId: "user_still_here" } })).resolves.toMatchObject({ userId: "user_still_here" });
    await expect(api.db.upload.create({ data: upload("guest:0123abcd") })).resolves.toMatchObject({ owner: "guest:0123abcd" });
  });

  it("deleting the data only, with the account kept, leaves the account free to store again", async () => {
    await deleteAccountData("user_data_only");
    expect(await api.db.erasedAccount.count({ where: { userId: "user_data_only" } })).toBe(0);
    await expect(api.db.session.create({ data: { userId: "user_data_only" } })).resolves.toMatchObject({ userId: "user_data_only" });
  });

  it("a writer whose transaction began first is waited for, and its row is deleted with the rest", async () => {
    const racer = "user_erased_after_writer";
    let inserted!: () => void;
    let commit!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const writer = api.db.$transaction(async (tx) => {
      await tx.session.create({ data: { userId: racer, transcript } });
      inserted();
      await committing;
    });
    await insertedRow;
    let erased = false;
    const erasing = deleteAccountData(racer, { account: true }).then((counts) => {
      erased = true;
      return counts;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Under READ COMMITTED the erasure's delete would not see the writer's row: it waits for the writer's commit instead.
    expect(erased).toBe(false);
    commit();
    await writer;
    expect(await erasing).toMatchObject({ sessions: 1 });
    expect(await rowsOf(racer)).toEqual(NOTHING);
  });

  it("a writer that comes while the erasure's transaction is open waits for it, then is refused", async () => {
    const racer = "user_erased_before_writer";
    let marked!: () => void;
    let commit!: () => void;
    const markedErased = new Promise<void>((resolve) => (marked = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const erasure = api.db.$transaction(async (tx) => {
      await markAccountErased(tx, racer);
      marked();
      await committing;
    });
    await markedErased;
    // The tombstone is not committed yet: the writer must wait rather than find no tombstone and insert.
    const writing = api.db.session.create({ data: { userId: racer, transcript } }).then(
      () => "stored",
      (error: unknown) => (isErasedAccountRefusal(error) ? "refused" : error),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await erasure;
    expect(await writing).toBe("refused");
    expect(await rowsOf(racer)).toEqual(NOTHING);
  });
});
