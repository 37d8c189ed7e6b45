/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { ActionDialog, type DialogAction } from "./action-dialog";

function renderDialog(actions: DialogAction[]) {
  render(<ActionDialog open onOpenChange={() => {}} title="Delete all your data?" description="It cannot be undone." actions={actions} />);
  return screen.getByRole("dialog", { name: "Delete all your data?" });
}

it("focuses the first action on open, or the one marked autoFocus", () => {
  renderDialog([
    { label: "Delete my data", onSelect: jest.fn() },
    { label: "Cancel", onSelect: jest.fn(), autoFocus: true },
  ]);
  expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
});

it("an unavailable action is announced as such, does nothing and keeps the focus", async () => {
  const retry = jest.fn();
  renderDialog([
    { label: "Try Again", onSelect: retry, disabled: true },
    { label: "Cancel", onSelect: jest.fn() },
  ]);
  const button = screen.getByRole("button", { name: "Try Again" });
  expect(button).toHaveAttribute("aria-disabled", "true");
  button.focus();
  await userEvent.click(button);
  await userEvent.keyboard("{Enter}");
  expect(retry).not.toHaveBeenCalled();
  expect(button).toHaveFocus();
});

it("scrolls within the screen when its content is taller", () => {
  expect(renderDialog([{ label: "OK", onSelect: jest.fn() }])).toHaveClass("overflow-y-auto", "max-h-[calc(100dvh-2rem)]");
});

/** A dialog opened from state, as every ActionDialog is (no Radix trigger); `thenRemoveOpener` drops the opener on close. */
function OpenedFromState({ thenRemoveOpener = false, returnFocus }: { thenRemoveOpener?: boolean; returnFocus?: () => HTMLElement | null }) {
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(false);
  return (
    <>
      {thenRemoveOpener && closed ? null : (
        <button type="button" onClick={() => setOpen(true)}>
          Delete all my data
        </button>
      )}
      <button type="button">Elsewhere</button>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete all your data?"
        description="It cannot be undone."
        returnFocus={returnFocus}
        actions={[
          {
            label: "Cancel",
            onSelect: () => {
              setClosed(true);
              setOpen(false);
            },
          },
        ]}
      />
    </>
  );
}

it("closing gives the focus back to what opened it, though no Radix trigger did", async () => {
  const user = userEvent.setup();
  render(<OpenedFromState />);
  await user.click(screen.getByRole("button", { name: "Delete all my data" }));
  expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.getByRole("button", { name: "Delete all my data" })).toHaveFocus());

  await user.keyboard("{Enter}");
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.getByRole("button", { name: "Delete all my data" })).toHaveFocus());
});

it("an opener gone from the page gives way to returnFocus", async () => {
  const user = userEvent.setup();
  render(<OpenedFromState thenRemoveOpener returnFocus={() => screen.getByRole("button", { name: "Elsewhere" })} />);
  await user.click(screen.getByRole("button", { name: "Delete all my data" }));
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus());
});
