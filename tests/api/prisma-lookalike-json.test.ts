/** @jest-environment node */
import { POST as analyze } from "@/app/api/analyze/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { POST as saveSession } from "@/app/api/sessions/[id]/route";
import { POST as migrate } from "@/app/api/sessions/migrate/route";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { PROVIDER_ENV } from "@/tests/msw/providers";

// Prisma reads some plain objects as values of its own, by their shape: { "__prismaRawParameters__": true, values } is
// replaced by its values unescaped, { "toStringTag": "[object Decimal]" } is taken for a Decimal. Sent in a user's JSON
// they made a 500 (or stored something else than what was sent); they are refused with a 400 that names where.
// No provider is answered here (msw fails any request it has no handler for): the analysis is refused before its call.

const api = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

const decimal = { toStringTag: "[object Decimal]" };
const rawParameters = { __prismaRawParameters__: true, values: { $type: "BigInt", value: "x" } };

it.each([
  ["speaker names taken for a Decimal", { speakerNames: decimal }, "speakerNames.toStringTag"],
  ["an analysis holding Prisma's raw parameters", { analysis: { n: rawParameters } }, "analysis.n.__prismaRawParameters__"],
  [
    "raw parameters that would have been stored as their values",
    { analysis: { cards: [], x: { __prismaRawParameters__: true, values: "X" } } },
    "analysis.x.__prismaRawParameters__",
  ],
  [
    "a follow-up's speaker stats taken for a Decimal",
    { followUpTranscripts: [{ transcript: "We will.", speakerStats: { A: decimal } }] },
    "followUpTranscripts.0.speakerStats.A.toStringTag",
  ],
])("a save with %s is a 400 naming where, and stores nothing", async (_name, extra, path) => {
  const headers = bearer(await mintSessionToken("user_lookalike_1"));
  const id = `local-lookalike-${path.length}`;
  const response = await saveSession(
    apiRequest(`/api/sessions/${id}`, { method: "POST", body: { id, transcript: "A: hi", ...extra }, headers }),
    routeContext({ id }),
  );
  expect(response.status).toBe(400);
  expect((await response.json()).error).toContain(path);
  expect(await api.db.session.count({ where: { clientId: id } })).toBe(0);
});

it("the same keys with other values are stored as they were sent", async () => {
  const headers = bearer(await mintSessionToken("user_lookalike_2"));
  const id = "local-lookalike-fine";
  const analysis = { cards: [], note: { toStringTag: "a tag", __prismaRawParameters__: false, values: "kept" } };
  const response = await saveSession(
    apiRequest(`/api/sessions/${id}`, { method: "POST", body: { id, transcript: "A: hi", analysis }, headers }),
    routeContext({ id }),
  );
  expect(response.status).toBe(200);
  const stored = await api.db.session.findFirstOrThrow({ where: { clientId: id } });
  expect((stored.analysis as { note: unknown }).note).toEqual(analysis.note);
});

it("an analysis whose speaker names Prisma would misread is refused before the paid call", async () => {
  const headers = bearer(await mintSessionToken("user_lookalike_3"));
  const body = { transcript: "A: hi\nB: hello", speakerNames: decimal, clientId: "rec-lookalike-1" };
  const response = await analyze(apiRequest("/api/analyze", { method: "POST", body, headers }), routeContext());
  expect(response.status).toBe(400);
  expect((await response.json()).error).toContain("speakerNames.toStringTag");
});

it("a follow-up whose speaker names Prisma would misread is refused, and the session is unchanged", async () => {
  const headers = bearer(await mintSessionToken("user_lookalike_4"));
  const id = "local-lookalike-append";
  const saved = await saveSession(
    apiRequest(`/api/sessions/${id}`, { method: "POST", body: { id, transcript: "A: hi", analysis: { cards: [] } }, headers }),
    routeContext({ id }),
  );
  expect(saved.status).toBe(200);
  const response = await append(
    apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", body: { transcript: "We will.", speakerNames: decimal }, headers }),
    routeContext({ id }),
  );
  expect(response.status).toBe(400);
  expect(await api.db.followUpTranscript.count()).toBe(0);
});

it("a migration holding raw parameters is refused whole, with nothing stored", async () => {
  const headers = bearer(await mintSessionToken("user_lookalike_5"));
  const sessions = [
    { id: "local-lookalike-m1", transcript: "A: hi", analysis: { cards: [] } },
    { id: "local-lookalike-m2", transcript: "A: hi", analysis: { x: { __prismaRawParameters__: true, values: "X" } } },
  ];
  const response = await migrate(apiRequest("/api/sessions/migrate", { method: "POST", body: { sessions }, headers }), routeContext());
  expect(response.status).toBe(400);
  expect(await api.db.session.count({ where: { clientId: { startsWith: "local-lookalike-m" } } })).toBe(0);
});
