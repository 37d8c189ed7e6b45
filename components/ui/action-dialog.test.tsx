/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

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
