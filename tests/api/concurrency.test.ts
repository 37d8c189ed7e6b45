/** @jest-environment node */
import { POST as analyze } from "@/app/api/analyze/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { POST as saveSession } from "@/app/api/sessions/[id]/route";
import { POST as swipe } from "@/app/api/sessions/[id]/swipe/route";
import { storeCommitments } from "@/lib/server/services/commitments";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";

// The same call sent several times at once (a retry racing the first attempt, two tabs, a double tap) ends as if it had
// been sent once: no 500, no duplicate row. Against PostgreSQL (TEST_DATABASE_URL) the requests really run in parallel.

const api = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

const TIMES = 5;
const auth = async (userId: string) => bearer(await mintSessionToken(userId));
const localSession = (id: string) => ({
  id,
  transcript: "Ana: hi\nBen: hello",
  analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] },
  swipeActions: [{ cardIndex: 0, action: "helpful" }],
  createdAt: "2026-11-20T10:00:00.000Z",
  name: "Weekend plans",
  followUpTranscripts: [{ transcript: "We did it!", createdAt: "2026-11-21T10:00:00.000Z" }],
});

async function save(userId: string, id: string) {
  return saveSession(
    apiRequest(`/api/sessions/${id}?skipRegeneration=true`, { method: "POST", body: localSession(id), headers: await auth(userId) }),
    routeContext({ id }),
  );
}

const atOnce = <T>(call: () => Promise<T>) => Promise.all(Array.from({ length: TIMES }, call));

it(`${TIMES} saves of the same new browser session at once store one session, with one vote and one follow-up`, async () => {
  const responses = await atOnce(() => save("user_c1", "local-1733000000000"));
  expect(responses.map((response) => response.status)).toEqual(Array(TIMES).fill(200));
  const ids = new Set(await Promise.all(responses.map(async (response) => (await response.json()).id)));
  expect(ids.size).toBe(1);

  const rows = await api.db.session.findMany({ where: { userId: "user_c1" }, select: { id: true, clientId: true } });
  expect(rows).toEqual([{ id: [...ids][0], clientId: "local-1733000000000" }]);
  expect(await api.db.followUpTranscript.count({ where: { sessionId: rows[0]!.id } })).toBe(1);
  expect(await api.db.swipeAction.count({ where: { sessionId: rows[0]!.id } })).toBe(1);
});

it(`the same follow-up appended ${TIMES} times at once is stored once`, async () => {
  const { id } = await (await save("user_c2", "local-1733000000001")).json();
  const body = { transcript: "Ana: Saturday mornings are ours.\nBen: Agreed.", speakerNames: { A: "Ana" } };
  const responses = await atOnce(async () =>
    append(apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", body, headers: await auth("user_c2") }), routeContext({ id })),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(TIMES).fill(200));
  const transcripts = (await api.db.followUpTranscript.findMany({ where: { sessionId: id }, select: { transcript: true } })).map((row) => row.transcript);
  expect(transcripts.sort()).toEqual([body.transcript, "We did it!"].sort());
});

it(`${TIMES} votes on the same cards at once keep one vote per card`, async () => {
  const { id } = await (await save("user_c3", "local-1733000000002")).json();
  const responses = await atOnce(async () =>
    swipe(
      apiRequest(`/api/sessions/${id}/swipe`, {
        method: "POST",
        body: {
          swipeActions: [
            { cardIndex: 0, action: "unhelpful" },
            { cardIndex: 1, action: "helpful" },
          ],
        },
        headers: await auth("user_c3"),
      }),
      routeContext({ id }),
    ),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(TIMES).fill(200));
  const votes = await api.db.swipeAction.findMany({ where: { sessionId: id }, orderBy: { cardIndex: "asc" }, select: { cardIndex: true, action: true } });
  expect(votes).toEqual([
    { cardIndex: 0, action: "unhelpful" },
    { cardIndex: 1, action: "helpful" },
  ]);
});

it(`${TIMES} new sessions saved at once into an account with room for 2 store 2; the rest get the 422`, async () => {
  process.env.STORED_SESSIONS_PER_USER = "2";
  try {
    const responses = await Promise.all(Array.from({ length: TIMES }, (_, index) => save("user_c4", `local-173300000010${index}`)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, ...Array(TIMES - 2).fill(422)]);
    expect(await api.db.session.count({ where: { userId: "user_c4" } })).toBe(2);
  } finally {
    delete process.env.STORED_SESSIONS_PER_USER;
  }
});

it(`${TIMES} saves of the same new session at once into an account with room for one more store it once, all answered 200`, async () => {
  process.env.STORED_SESSIONS_PER_USER = "2";
  try {
    expect((await save("user_c6", "local-1733000000200")).status).toBe(200);
    const responses = await atOnce(() => save("user_c6", "local-1733000000201"));
    expect(responses.map((response) => response.status)).toEqual(Array(TIMES).fill(200));
    expect(await api.db.session.count({ where: { userId: "user_c6" } })).toBe(2);
  } finally {
    delete process.env.STORED_SESSIONS_PER_USER;
  }
});

it(`the same commitment stored ${TIMES} times at once (appends racing) is stored once`, async () => {
  const { id } = await (await save("user_c5", "local-1733000000003")).json();
  const draft = { text: "We will walk together every Sunday.", who: "both", byWhen: "every Sunday" };
  await atOnce(() => storeCommitments("user_c5", id, [draft]));
  expect(await api.db.commitment.count({ where: { sessionId: id } })).toBe(1);
});

describe("analyses of new recordings at once, into an account near its caps (the local analyzer: no AI keys)", () => {
  const analyzeNew = async (userId: string, clientId: string) =>
    analyze(
      apiRequest("/api/analyze", { method: "POST", body: { transcript: "Ana: hi there\nBen: hello you", clientId }, headers: await auth(userId) }),
      routeContext(),
    );
  const statusesOf = (responses: Response[]) => responses.map((response) => response.status).sort();

  it("6 at once into an account with room for 2 store 2; the rest get the 422 of the stored-sessions bound", async () => {
    process.env.STORED_SESSIONS_PER_USER = "2";
    try {
      const responses = await Promise.all(Array.from({ length: 6 }, (_, index) => analyzeNew("user_cap1", `rec-cap-${index}`)));
      expect(statusesOf(responses)).toEqual([200, 200, 422, 422, 422, 422]);
      expect(await api.db.session.count({ where: { userId: "user_cap1" } })).toBe(2);
    } finally {
      delete process.env.STORED_SESSIONS_PER_USER;
    }
  });

  it("the same recording analysed twice at once into an account with room for 1 is stored once, and both are answered with it", async () => {
    process.env.STORED_SESSIONS_PER_USER = "1";
    try {
      const responses = await Promise.all([0, 1].map(() => analyzeNew("user_cap3", "rec-twice")));
      expect(statusesOf(responses)).toEqual([200, 200]);
      const [first, second] = await Promise.all(responses.map((response) => response.json()));
      expect(second.sessionId).toBe(first.sessionId);
      expect(await api.db.session.count({ where: { userId: "user_cap3" } })).toBe(1);
    } finally {
      delete process.env.STORED_SESSIONS_PER_USER;
    }
  });

  it("6 at once with 2 sessions left today store 2; the rest get the day's 429", async () => {
    process.env.SESSIONS_PER_USER_PER_DAY = "2";
    try {
      const responses = await Promise.all(Array.from({ length: 6 }, (_, index) => analyzeNew("user_cap2", `rec-day-${index}`)));
      expect(statusesOf(responses)).toEqual([200, 200, 429, 429, 429, 429]);
      expect(await api.db.session.count({ where: { userId: "user_cap2" } })).toBe(2);
    } finally {
      delete process.env.SESSIONS_PER_USER_PER_DAY;
    }
  });
});

describe("a burst of saves from one user", () => {
  const heavySession = (id: string) => ({
    id,
    transcript: "Ana: hi\nBen: hello",
    swipeActions: Array.from({ length: 50 }, (_, cardIndex) => ({ cardIndex, action: "helpful" })),
    followUpTranscripts: Array.from({ length: 50 }, (_, index) => ({ transcript: `Follow-up ${index}${"x".repeat(200)}` })),
  });
  const saveHeavy = async (userId: string, id: string) =>
    saveSession(
      apiRequest(`/api/sessions/${id}?skipRegeneration=true`, { method: "POST", body: heavySession(id), headers: await auth(userId) }),
      routeContext({ id }),
    );
  /** Every answer is a 200, or a clean 503 with Retry-After (the server asking to come back): never a 500. */
  async function expectServedOrBusy(responses: Response[]): Promise<number> {
    for (const response of responses) {
      if (response.status === 200) continue;
      expect({ status: response.status, retryAfter: response.headers.get("retry-after") }).toEqual({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
      expect((await response.json()).error).toMatch(/try again/i);
    }
    return responses.filter((response) => response.status === 200).length;
  }

  it("30 new sessions saved at once, each with 50 votes and 50 follow-ups, are each stored or answered a clean 503", async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => saveHeavy("user_burst1", `local-17331000${String(index).padStart(5, "0")}`)));
    const stored = await expectServedOrBusy(responses);
    expect(stored).toBeGreaterThan(0);
    expect(await api.db.session.count({ where: { userId: "user_burst1" } })).toBe(stored);
  }, 120_000);

  it("another user's saves during a burst of 60 from one user are all stored", async () => {
    const burst = Promise.all(Array.from({ length: 60 }, (_, index) => saveHeavy("user_burst2", `local-17332000${String(index).padStart(5, "0")}`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const others = await Promise.all([0, 1, 2].map((index) => save("user_bystander", `local-173330000000${index}`)));
    expect(others.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await expectServedOrBusy(await burst)).toBeGreaterThan(0);
  }, 120_000);
});
