/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useRef, useState } from "react";

import { DialogClose, FullScreenOverlay } from "./full-screen-overlay";

/** Content that focuses a line of its own as it opens, as the transcript opened at a quote does. */
function FocusesItsLine() {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => line.current?.focus(), []);
  return (
    <>
      <p ref={line} tabIndex={-1}>
        The quoted line
      </p>
      <DialogClose>Close</DialogClose>
    </>
  );
}

function Opener({ focusLine }: { focusLine: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the transcript
      </button>
      {open ? (
        <FullScreenOverlay open onOpenChange={setOpen} title="Transcript">
          {focusLine ? <FocusesItsLine /> : <DialogClose>Close</DialogClose>}
        </FullScreenOverlay>
      ) : null}
    </>
  );
}

test.each([
  ["the content leaves the focus to the dialog", false],
  ["the content focuses a line of its own as it opens", true],
])("closing gives the focus back to what opened it: %s", async (_case, focusLine) => {
  const user = userEvent.setup();
  render(<Opener focusLine={focusLine} />);
  await user.click(screen.getByRole("button", { name: "Open the transcript" }));
  if (focusLine) expect(screen.getByText("The quoted line")).toHaveFocus();
  await user.click(screen.getByRole("button", { name: "Close" }));
  expect(screen.getByRole("button", { name: "Open the transcript" })).toHaveFocus();
});
