/** @jest-environment node */
import { createHash } from "node:crypto";

import { PUT as putPiece } from "@/app/api/uploads/[id]/parts/[part]/pieces/[piece]/route";
import { POST as transcribePart } from "@/app/api/uploads/[id]/parts/[part]/transcribe/route";
import { POST as createUpload } from "@/app/api/uploads/route";
import type { PartTranscript, UploadState } from "@/lib/domain/transcription/long-recording";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { bearer, routeContext } from "@/tests/helpers/requests";
import { openAiDialogue, openAiTranscription, PROVIDER_ENV } from "@/tests/msw/providers";

// A part's transcription has one time budget, below the route's maxDuration. It must count from the request's start, as
// /api/transcribe's does: the caller's check and a body arriving slowly use up the same maxDuration, and a budget that
// starts after them lets the paid call run into the host's kill, losing the transcript that the retry pays for again.

const mockSteps: string[] = [];
jest.mock("@/lib/server/providers/budget", () => {
  const actual = jest.requireActual<typeof import("@/lib/server/providers/budget")>("@/lib/server/providers/budget");
  return {
    ...actual,
    routeBudget: (...args: Parameters<typeof actual.routeBudget>) => {
      mockSteps.push(`budget ${args[0]}`);
      return actual.routeBudget(...args);
    },
  };
});
jest.mock("@/lib/server/auth/identity", () => {
  const actual = jest.requireActual<typeof import("@/lib/server/auth/identity")>("@/lib/server/auth/identity");
  return {
    ...actual,
    identityFromRequest: (...args: Parameters<typeof actual.identityFromRequest>) => {
      mockSteps.push("caller");
      return actual.identityFromRequest(...args);
    },
  };
});

const api = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

const url = (path: string) => `http://localhost:3000${path}`;
const part = Uint8Array.from({ length: 300 }, (_, index) => (index * 13) & 0xff);

it("a part's time budget starts before the caller is checked and its body read", async () => {
  api.server.use(openAiTranscription(openAiDialogue));
  const headers = { "x-forwarded-for": "203.0.113.30", ...bearer(await mintSessionToken("user_budget_order")) };
  const plan = {
    clientId: "rec-budget",
    mimeType: "audio/ogg;codecs=opus",
    language: "en-US",
    parts: [{ startMs: 0, bytes: part.length, pieces: [createHash("sha256").update(part).digest("hex")] }],
  };
  const created = await createUpload(
    new Request(url("/api/uploads"), { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(plan) }),
    routeContext(),
  );
  const upload = (await created.json()) as UploadState;
  const piece = new Request(url(`/api/uploads/${upload.uploadId}/parts/0/pieces/0`), {
    method: "PUT",
    headers: { "content-type": "application/octet-stream", ...headers },
    body: new Uint8Array(part),
  });
  expect((await putPiece(piece, routeContext({ id: upload.uploadId, part: "0", piece: "0" }))).status).toBe(200);

  mockSteps.length = 0;
  // The body comes in slowly, once asked for (no high-water mark: nothing is pulled before the handler reads).
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        mockSteps.push("body");
        await new Promise((resolve) => setTimeout(resolve, 50));
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = await transcribePart(
    new Request(url(`/api/uploads/${upload.uploadId}/parts/0/transcribe`), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit),
    routeContext({ id: upload.uploadId, part: "0" }),
  );
  expect(response.status).toBe(200);
  expect(((await response.json()) as PartTranscript).part).toBe(0);
  expect(mockSteps).toEqual(["budget uploadPart", "caller", "body"]);
});
