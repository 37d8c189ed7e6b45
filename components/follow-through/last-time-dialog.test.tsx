/** @jest-environment jsdom */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { deviceCommitments, previousCommitmentsOnDevice, withNewCommitments } from "@/lib/client/commitments/commitments";
import type { Commitment } from "@/lib/domain/growth/commitments";

import { LastTimeDialog } from "./last-time-dialog";

// A guest's follow-through lives in the sessions kept on this device (local_sessions): asked, answered and kept there.

const commitment = (overrides: Partial<Commitment>): Commitment => ({
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

function keepSessions(sessions: Record<string, unknown>[]) {
  localStorage.setItem("local_sessions", JSON.stringify(sessions));
}

function renderDialog(sessionId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LastTimeDialog sessionId={sessionId} isLocal />
    </QueryClientProvider>,
  );
  return { asked: () => client.getQueryState(["last-commitments", sessionId, true])?.status === "success" };
}

beforeEach(() => localStorage.clear());

describe("LastTimeDialog (a guest)", () => {
  it("asks about the last session's commitment and keeps the answer on this device", async () => {
    const user = userEvent.setup();
    keepSessions([
      { id: "local-1", commitments: [commitment({})] },
      { id: "local-2", commitments: [] },
    ]);
    renderDialog("local-2");
    const dialog = await screen.findByRole("dialog", { name: "Last time you agreed to…" });
    expect(within(dialog).getByText("Phones away at dinner")).toBeInTheDocument();
    expect(within(dialog).getByText("Both of you · every evening")).toBeInTheDocument();

    const group = within(dialog).getByRole("group", { name: "Did this happen: Phones away at dinner" });
    await user.click(within(group).getByRole("button", { name: "Partly" }));
    expect(within(group).getByRole("button", { name: "Partly" })).toHaveAttribute("aria-pressed", "true");
    expect(deviceCommitments()[0]).toMatchObject({ outcome: "partly", outcomeAt: expect.any(String) });

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Ask me later leaves it open for the next conversation", async () => {
    const user = userEvent.setup();
    keepSessions([{ id: "local-1", commitments: [commitment({})] }, { id: "local-2" }]);
    renderDialog("local-2");
    await user.click(await screen.findByRole("button", { name: "Ask me later" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(previousCommitmentsOnDevice()).toEqual([{ text: "Phones away at dinner", who: "both", byWhen: "every evening" }]);
  });

  it("says nothing when there is nothing to ask about: answered ones, or the session's own", async () => {
    keepSessions([
      { id: "local-1", commitments: [commitment({ outcome: "kept" })] },
      { id: "local-2", commitments: [commitment({ id: "own", sessionId: "local-2" })] },
    ]);
    const { asked } = renderDialog("local-2");
    // Once the commitments have been read (nothing to ask), not after a guess at how long that takes.
    await waitFor(() => expect(asked()).toBe(true));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("withNewCommitments", () => {
  it("adds a follow-up's well-formed commitments once, as open ones of the session", () => {
    const known = [commitment({})];
    const next = withNewCommitments("local-1", known, [
      { text: "phones away at dinner", who: "both", byWhen: null },
      { text: "Plan Saturday", who: "Ben", byWhen: "by Friday" },
      { text: "" },
    ]);
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({ sessionId: "local-1", text: "Plan Saturday", who: "Ben", byWhen: "by Friday", outcome: null, outcomeAt: null });
    expect(withNewCommitments("local-1", known, "nothing")).toEqual(known);
  });
});
