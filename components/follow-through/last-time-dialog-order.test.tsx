/** @jest-environment jsdom */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import type { Commitment, CommitmentOutcome } from "@/lib/domain/growth/commitments";

import { LastTimeDialog } from "./last-time-dialog";

// A signed-in user changing an answer at once ("Kept", then "Not yet"): the answers go one after another, so the account
// ends with the last one; a failure takes the screen back to what was last saved, and only the newest answer's is shown.

const commitment: Commitment = {
  id: "c1",
  sessionId: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc",
  text: "Phones away at dinner",
  who: "both",
  byWhen: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  outcome: null,
  outcomeAt: null,
};

type Call = { outcome: CommitmentOutcome; settle: (ok: boolean) => void };
const calls: Call[] = [];
jest.mock("@/lib/client/commitments/commitments", () => ({
  ...jest.requireActual("@/lib/client/commitments/commitments"),
  lastCommitments: jest.fn(async () => [commitment]),
  answerCommitment: jest.fn(
    (_sessionId: string, _commitment: Commitment, outcome: CommitmentOutcome) =>
      new Promise<void>((resolve, reject) => calls.push({ outcome, settle: (ok) => (ok ? resolve() : reject(new Error("offline"))) })),
  ),
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");

async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LastTimeDialog sessionId="a3aaa53e-5aa2-4330-a018-93b173602a41" isLocal={false} />
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole("dialog", { name: "Last time you agreed to…" });
  return within(within(dialog).getByRole("group", { name: "Did this happen: Phones away at dinner" }));
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  calls.length = 0;
  showToast.mockClear();
});

test("the second answer is sent only once the first has settled, and stays shown when the first fails", async () => {
  const user = userEvent.setup();
  const group = await openDialog();
  await user.click(group.getByRole("button", { name: "Kept" }));
  await user.click(group.getByRole("button", { name: "Not yet" }));
  await flush();
  expect(calls.map((call) => call.outcome)).toEqual(["kept"]);

  calls[0]!.settle(false);
  await flush();
  expect(calls.map((call) => call.outcome)).toEqual(["kept", "not_yet"]);
  calls[1]!.settle(true);
  await flush();
  expect(group.getByRole("button", { name: "Not yet" })).toHaveAttribute("aria-pressed", "true");
  expect(showToast).not.toHaveBeenCalled();
});

test("the newest answer failing goes back to what was last saved, and says so", async () => {
  const user = userEvent.setup();
  const group = await openDialog();
  await user.click(group.getByRole("button", { name: "Kept" }));
  await flush();
  calls[0]!.settle(true);
  await flush();
  await user.click(group.getByRole("button", { name: "Not yet" }));
  await flush();
  calls[1]!.settle(false);
  await flush();
  expect(group.getByRole("button", { name: "Kept" })).toHaveAttribute("aria-pressed", "true");
  expect(group.getByRole("button", { name: "Not yet" })).toHaveAttribute("aria-pressed", "false");
  expect(showToast).toHaveBeenCalledTimes(1);
});

test("an answer that fails after Done closed the dialog opens it again, unanswered, so it can be given again", async () => {
  const user = userEvent.setup();
  const group = await openDialog();
  await user.click(group.getByRole("button", { name: "Kept" }));
  await user.click(screen.getByRole("button", { name: "Done" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

  calls[0]!.settle(false);
  await flush();
  const dialog = await screen.findByRole("dialog", { name: "Last time you agreed to…" });
  expect(within(dialog).getByRole("button", { name: "Kept" })).toHaveAttribute("aria-pressed", "false");
  expect(showToast).toHaveBeenCalledTimes(1);
  await user.click(within(dialog).getByRole("button", { name: "Kept" }));
  calls[1]!.settle(true);
  await flush();
  await user.click(screen.getByRole("button", { name: "Done" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("an answer refused for a commitment moved or deleted does not open the dialog again: no answer can reach it", async () => {
  const { OutcomeNotSavedError } = jest.requireActual("@/lib/client/commitments/commitments");
  const { answerCommitment } = jest.requireMock("@/lib/client/commitments/commitments");
  let refuse!: () => void;
  jest.mocked(answerCommitment).mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = () => reject(new OutcomeNotSavedError()))));
  const user = userEvent.setup();
  const group = await openDialog();
  await user.click(group.getByRole("button", { name: "Kept" }));
  await user.click(screen.getByRole("button", { name: "Done" }));
  refuse();
  await flush();
  expect(showToast).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("an answer the browser has no room to keep says so, not 'check your connection', and can be given again", async () => {
  const { LocalStorageError } = jest.requireActual("@/lib/client/recordings/local-recordings");
  const { answerCommitment } = jest.requireMock("@/lib/client/commitments/commitments");
  jest.mocked(answerCommitment).mockImplementationOnce(async () => {
    throw new LocalStorageError(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
  });
  const user = userEvent.setup();
  const group = await openDialog();
  await user.click(group.getByRole("button", { name: "Kept" }));
  await flush();
  expect(showToast).toHaveBeenCalledWith({
    title: "Your answer was not saved",
    description: "There isn't enough free space on this device to keep this session. Please free some space, then try again.",
    variant: "destructive",
  });
  expect(group.getByRole("button", { name: "Kept" })).toHaveAttribute("aria-pressed", "false");
});
