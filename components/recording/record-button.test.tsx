/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { RecordButton } from "./record-button";
import { RECORDING_TEXTS } from "./texts";

// The record button's name changes with the state (Start recording / Stop recording). It was a toggle as well
// (aria-pressed), so a screen reader said "Stop recording, toggle button, pressed": two states in one, the name saying
// what a press does and "pressed" saying it is on. A button whose label changes carries no pressed state (WAI-ARIA APG).
test.each([
  [false, RECORDING_TEXTS.startLabel],
  [true, RECORDING_TEXTS.stopLabel],
])("recording %s: a plain button named '%s', pressed by Enter and Space", async (recording, name) => {
  const user = userEvent.setup();
  const onPress = jest.fn();
  render(<RecordButton recording={recording} onPress={onPress} />);
  const button = screen.getByRole("button", { name });
  expect(button).not.toHaveAttribute("aria-pressed");
  button.focus();
  await user.keyboard("{Enter}");
  await user.keyboard(" ");
  expect(onPress).toHaveBeenCalledTimes(2);
});
