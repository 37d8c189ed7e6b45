/**
 * @jest-environment jsdom
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";

import type { RecordingMode } from "@/lib/domain/session-flow/machine";

import { ModeSwitch } from "./mode-switch";

function Harness({ disabled = false, onChange = jest.fn() }: { disabled?: boolean; onChange?: (mode: RecordingMode) => void }) {
  const [mode, setMode] = useState<RecordingMode>("relationship");
  return (
    <ModeSwitch
      mode={mode}
      disabled={disabled}
      onChange={(next) => {
        onChange(next);
        setMode(next);
      }}
    />
  );
}

test("one tab stop on the checked option; the arrow keys move the choice and the focus, wrapping around", () => {
  render(<Harness />);
  const solo = screen.getByRole("radio", { name: "Solo Journal" });
  const relationship = screen.getByRole("radio", { name: "Relationship" });
  expect(relationship).toHaveAttribute("tabindex", "0");
  expect(solo).toHaveAttribute("tabindex", "-1");

  relationship.focus();
  fireEvent.keyDown(relationship, { key: "ArrowLeft" });
  expect(solo).toHaveAttribute("aria-checked", "true");
  expect(solo).toHaveFocus();
  expect(solo).toHaveAttribute("tabindex", "0");

  fireEvent.keyDown(solo, { key: "ArrowLeft" });
  expect(relationship).toHaveAttribute("aria-checked", "true");
  expect(relationship).toHaveFocus();

  fireEvent.keyDown(relationship, { key: "ArrowDown" });
  expect(solo).toHaveAttribute("aria-checked", "true");
});

test("while a session runs the arrow keys change nothing", () => {
  const onChange = jest.fn();
  render(<Harness disabled onChange={onChange} />);
  const relationship = screen.getByRole("radio", { name: "Relationship" });
  fireEvent.keyDown(relationship, { key: "ArrowRight" });
  expect(onChange).not.toHaveBeenCalled();
  expect(relationship).toHaveAttribute("aria-checked", "true");
});
