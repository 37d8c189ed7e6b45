/** @jest-environment node */
import { HttpResponse } from "msw";

import { POST as analyze } from "@/app/api/analyze/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { DELETE as deleteSession } from "@/app/api/sessions/[id]/route";
import { saveSessionForUser } from "@/lib/server/services/session-store";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { geminiError, geminiGenerate, geminiJson, modelAnalysis, openAiChat, openAiError, PROVIDER_ENV } from "@/tests/msw/providers";

// Two different requests racing for one session: whichever way they interleave, each answer is one the user can act on
// (a 404 for a session deleted meanwhile, a 409 for work already under way), never a 500 and never a second paid call.

const api = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV, RATE_LIMIT_AI_PER_USER: "100000", SESSIONS_PER_USER_PER_DAY: "100000" });

const auth = async (userId: string) => bearer(await mintSessionToken(userId));
const segments = [
  { speaker: "SPEAKER_01", text: "I want us to have more time for each other.", start: 0, end: 3 },
  { speaker: "SPEAKER_02", text: "Then let's keep Saturday mornings free.", start: 3.2, end: 6 },
];
const followUp = {
  transcript: "Ana: Saturday mornings are ours, no phones.\nBen: Agreed, starting this week.",
  transcriptionSegments: [
    { speaker: "SPEAKER_01", text: "Saturday mornings are ours, no phones.", start: 0, end: 2.5 },
    { speaker: "SPEAKER_02", text: "Agreed, starting this week.", start: 2.7, end: 4.5 },
  ],
  speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
};

async function storedSession(userId: string, localId: string, { analysed = true } = {}): Promise<string> {
  const cards = analysed ? [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] : [];
  const session = {
    id: localId,
    transcript: segments.map((segment) => segment.text).join(" "),
    analysis: { cards, transcriptionSegments: segments },
  };
  return (await saveSessionForUser(userId, localId, session as never)).id;
}

const remove = async (userId: string, id: string) =>
  deleteSession(apiRequest(`/api/sessions/${id}`, { method: "DELETE", headers: await auth(userId) }), routeContext({ id }));

describe("a DELETE landing while another request on the same session waits for the model", () => {
  it("the follow-up append (its commitments written after the delete) is a 404 Session not found, not a 500", async () => {
    const id = await storedSession("user_race1", "local-1733100000001");
    const model = { ...modelAnalysis(), commitments: [{ text: "Keep Saturday mornings free", who: "both", byWhen: "this week" }] };
    let deleted = false;
    api.server.use(
      geminiGenerate(async () => {
        if (!deleted) {
          deleted = true;
          expect((await remove("user_race1", id)).status).toBe(200);
        }
        return HttpResponse.json(geminiJson(model));
      }),
    );
    const response = await append(
      apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", body: followUp, headers: await auth("user_race1") }),
      routeContext({ id }),
    );
    expect(deleted).toBe(true);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "Session not found" });
    expect(await api.db.session.count({ where: { userId: "user_race1" } })).toBe(0);
  });

  it("the re-analysis whose providers fail (its failure marker written after the delete) is a 404 Session not found, not a 500", async () => {
    // Not analysed yet: one that holds its analysis is answered from it, with no call to race.
    const id = await storedSession("user_race2", "local-1733100000002", { analysed: false });
    let deleted = false;
    const deleteOnce = async () => {
      if (!deleted) {
        deleted = true;
        expect((await remove("user_race2", id)).status).toBe(200);
      }
    };
    api.server.use(
      geminiGenerate(async () => {
        await deleteOnce();
        return geminiError(500, "boom");
      }),
      openAiChat(async () => {
        await deleteOnce();
        return openAiError(500, "boom");
      }),
    );
    const response = await analyze(
      apiRequest("/api/analyze", { method: "POST", body: { transcript: "Ana: hi there\nBen: hello you", sessionId: id }, headers: await auth("user_race2") }),
      routeContext(),
    );
    expect(deleted).toBe(true);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "Session not found" });
    expect(await api.db.failureMarker.count()).toBe(0);
  });
});
