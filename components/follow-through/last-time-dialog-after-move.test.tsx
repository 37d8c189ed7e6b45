/** @jest-environment ./tests/setup/jsdom-with-fetch.ts */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

import { setRequestAuth } from "@/lib/client/api/request";
import { moveLocalSessionToAccount } from "@/lib/client/recordings/local-recordings";
import { currentToast, dismissToast } from "@/lib/client/toast/toast-store";
import type { Commitment } from "@/lib/domain/growth/commitments";

import { LastTimeDialog } from "./last-time-dialog";
import { FOLLOW_THROUGH_TEXTS as T } from "./texts";

// A guest's results ask about last time's commitment; meanwhile a sign-in in another tab moves this device's sessions into
// the account (their copies here removed, the move recorded in moved_sessions). The answer given afterwards is never
// dropped: it reaches the account, or the dialog says it was not saved.

const MADE_IN = "3f0c9a52-1d7e-4b8a-9c61-0a2b3c4d5e6f"; // the account's id for local-1, where the commitment was made
const ASKED_IN = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"; // the account's id for local-2, whose results ask
const STORED_ID = "c0ffee00-1234-4abc-8def-0123456789ab"; // the commitment as the migration stored it

const commitment = (overrides: Partial<Commitment> = {}): Commitment => ({
  id: "local-commitment-1",
  sessionId: "local-1",
  text: "Phones away at dinner",
  who: "both",
  byWhen: "every evening",
  createdAt: "2026-11-01T10:00:00.000Z",
  outcome: null,
  outcomeAt: null,
  ...overrides,
});

const accountCopy = (commitments: Commitment[]) => ({ id: MADE_IN, clientId: "local-1", isLocal: false, commitments });
const answers: { sessionId: string; body: unknown }[] = [];
const stored = () =>
  HttpResponse.json(
    accountCopy([
      commitment({ id: "c0ffee00-0000-4abc-8def-0123456789ab", sessionId: MADE_IN, text: "Cook on Saturdays" }),
      // Stored anew by the migration: its own id, the session's account id, the same words.
      commitment({ id: STORED_ID, sessionId: MADE_IN }),
    ]),
  );
let madeIn: () => Response = stored;

const server = setupServer(
  http.get("/api/sessions/:id", ({ params }) => (params.id === MADE_IN ? madeIn() : HttpResponse.json({ error: "Session not found" }, { status: 404 }))),
  http.post("/api/sessions/:id/commitment-outcome", async ({ params, request }) => {
    answers.push({ sessionId: String(params.id), body: await request.json() });
    return HttpResponse.json({ commitment: commitment({ id: STORED_ID, sessionId: MADE_IN, outcome: "kept" }) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  answers.length = 0;
  dismissToast();
  madeIn = stored;
  localStorage.setItem(
    "local_sessions",
    JSON.stringify([
      { id: "local-1", commitments: [commitment()] },
      { id: "local-2", commitments: [] },
    ]),
  );
});
afterEach(() => {
  server.resetHandlers();
  setRequestAuth({ signedIn: false });
});

const signedInAs = (id: string) => setRequestAuth({ signedIn: true, user: { id }, getToken: async () => "token" });

/** The guest's dialog in the results of local-2, open and asking about local-1's commitment. */
async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LastTimeDialog sessionId="local-2" isLocal />
    </QueryClientProvider>,
  );
  return screen.findByRole("dialog", { name: T.title });
}

/** The guest's dialog, open and asking; then the other tab's migration moves both sessions into `owner`'s account. */
async function askedThenMovedInto(owner: string) {
  const dialog = await openDialog();
  moveLocalSessionToAccount({ localId: "local-1", accountId: MADE_IN, ownerId: owner });
  moveLocalSessionToAccount({ localId: "local-2", accountId: ASKED_IN, ownerId: owner });
  expect(localStorage.getItem("local_sessions")).toBe("[]");
  return within(dialog).getByRole("group", { name: T.outcomeGroup("Phones away at dinner") });
}

/** The answer taken back, and the dialog saying why: the commitment gone from reach, or (by default) the connection. */
async function expectNotSaved(group: HTMLElement, description: string = T.saveFailedGoneBody) {
  await waitFor(() => expect(currentToast()).toMatchObject({ title: T.saveFailedTitle, description, variant: "destructive" }));
  expect(within(group).getByRole("button", { name: T.outcomes.kept })).toHaveAttribute("aria-pressed", "false");
  expect(answers).toEqual([]);
}

test("signed in here to the account it moved into: the answer reaches the account's commitment, asked by the account's session", async () => {
  const group = await askedThenMovedInto("user_a");
  signedInAs("user_a");
  await userEvent.click(within(group).getByRole("button", { name: T.outcomes.kept }));
  await waitFor(() => expect(answers).toHaveLength(1));
  expect(answers[0]).toEqual({ sessionId: ASKED_IN, body: { commitmentId: STORED_ID, outcome: "kept" } });
  expect(within(group).getByRole("button", { name: T.outcomes.kept })).toHaveAttribute("aria-pressed", "true");
  expect(currentToast()).toBeNull();
  // Nothing of the account's comes back onto this device.
  expect(localStorage.getItem("local_sessions")).toBe("[]");
});

test("still a guest here: nothing can be sent, and the dialog says the answer was not saved", async () => {
  const group = await askedThenMovedInto("user_a");
  await userEvent.click(within(group).getByRole("button", { name: T.outcomes.kept }));
  await expectNotSaved(group);
});

test("signed in to another account here: nothing is sent to it, and the dialog says the answer was not saved", async () => {
  const group = await askedThenMovedInto("user_b");
  signedInAs("user_a");
  await userEvent.click(within(group).getByRole("button", { name: T.outcomes.kept }));
  await expectNotSaved(group);
});

test.each([
  ["the account deleted the session meanwhile", () => HttpResponse.json({ error: "Session not found" }, { status: 404 }), T.saveFailedGoneBody],
  ["the account's copy has no such commitment", () => HttpResponse.json(accountCopy([])), T.saveFailedGoneBody],
  ["the account cannot be reached", () => HttpResponse.error(), T.saveFailedBody],
])("%s: the dialog says the answer was not saved", async (_, answer, description) => {
  madeIn = answer as () => Response;
  const group = await askedThenMovedInto("user_a");
  signedInAs("user_a");
  await userEvent.click(within(group).getByRole("button", { name: T.outcomes.kept }));
  await expectNotSaved(group, description);
});

test("the account answers that it has no such commitment (deleted on another device): the dialog says it was moved or deleted", async () => {
  server.use(http.post("/api/sessions/:id/commitment-outcome", () => HttpResponse.json({ error: "Commitment not found", code: "not_found" }, { status: 404 })));
  const group = await askedThenMovedInto("user_a");
  signedInAs("user_a");
  await userEvent.click(within(group).getByRole("button", { name: T.outcomes.kept }));
  await expectNotSaved(group, T.saveFailedGoneBody);
});

test("a session deleted from this device, not moved: the dialog says the answer was not saved", async () => {
  const dialog = await openDialog();
  localStorage.setItem("local_sessions", JSON.stringify([{ id: "local-2", commitments: [] }]));
  const group = within(dialog).getByRole("group", { name: T.outcomeGroup("Phones away at dinner") });
  await userEvent.click(within(group).getByRole("button", { name: T.outcomes.kept }));
  await expectNotSaved(group);
});
