/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { LiveTranscript } from "./live-transcript";

test("collapsed by default with the turn count; opened, the coach and the user are labelled", async () => {
  const user = userEvent.setup();
  render(
    <LiveTranscript
      userLabel="Ana"
      turns={[
        { role: "assistant", text: "How was your week?", timestamp: 1 },
        { role: "user", text: "Long.", timestamp: 2 },
      ]}
    />,
  );
  const toggle = screen.getByRole("button", { name: "Live Transcript (2 turns)" });
  expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect(screen.queryByText("Long.")).not.toBeInTheDocument();
  await user.click(toggle);
  const items = screen.getAllByRole("listitem");
  expect(items[0]).toHaveTextContent("CoachHow was your week?");
  expect(items[1]).toHaveTextContent("AnaLong.");
  // A long journal scrolls inside the card: the keyboard reaches the scrolling region, named as the toggle is.
  await user.tab();
  expect(screen.getByRole("region", { name: "Live Transcript (2 turns)" })).toHaveFocus();
});
