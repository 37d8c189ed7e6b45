/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { IdentifySpeakers } from "./identify-speakers";
import { SPEAKER_TEXTS } from "./texts";

const seg = (speaker: string, text: string, start: number) => ({ speaker, text, start, end: start + 2 });
const speakers = {
  SPEAKER_01: [seg("SPEAKER_01", "I feel like we never plan our weekends together anymore, honestly.", 0)],
  SPEAKER_02: [seg("SPEAKER_02", "Okay.", 3), seg("SPEAKER_02", "Let's look at Saturday.", 5)],
  SPEAKER_03: [seg("SPEAKER_03", "Can I come too?", 7)],
};

describe("IdentifySpeakers", () => {
  it("shows a Hebrew quote and a typed Hebrew name in their own direction", () => {
    const hebrew = { SPEAKER_01: [seg("SPEAKER_01", "אני מרגישה שאנחנו לא מתכננים יחד את סופי השבוע, באמת.", 0)] };
    render(<IdentifySpeakers speakers={hebrew} userName="דנה" onComplete={() => {}} onClose={() => {}} />);
    expect(screen.getByText(/אני מרגישה/).closest("blockquote")).toHaveAttribute("dir", "auto");
    expect(screen.getByLabelText("Name")).toHaveAttribute("dir", "auto");
  });

  it("walks through every speaker with counters, quotes and the spec's button texts, then completes with the names", async () => {
    const user = userEvent.setup();
    const onComplete = jest.fn();
    render(<IdentifySpeakers speakers={speakers} userName="Ana" onComplete={onComplete} onClose={() => {}} />);

    expect(screen.getByText("Speaker 1 of 3")).toBeInTheDocument();
    expect(screen.getByText("0 of 3 speakers identified")).toBeInTheDocument();
    expect(screen.getByText("Who said this?")).toBeInTheDocument();
    expect(screen.getByText("“I feel like we never plan our weekends together anymore, honestly.”")).toBeInTheDocument();
    const input = screen.getByLabelText("Name");
    expect(input).toHaveValue("Speaker 1");
    expect(input).toBeRequired();

    await user.clear(input);
    await user.type(input, "  Ana  ");
    await user.click(screen.getByRole("button", { name: "Next Speaker (2 remaining)" }));

    expect(screen.getByText("Speaker 2 of 3")).toBeInTheDocument();
    expect(screen.getByText("1 of 3 speakers identified")).toBeInTheDocument();
    expect(screen.getByText("“Okay.”")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "Ben");
    await user.click(screen.getByRole("button", { name: "Next Speaker (1 remaining)" }));

    await user.click(screen.getByRole("button", { name: "Last Speaker - Continue to Insights" }));
    expect(onComplete).toHaveBeenCalledWith({ SPEAKER_01: "Ana", SPEAKER_02: "Ben", SPEAKER_03: "Speaker 3" });
  });

  it("ignores a blank name", async () => {
    const user = userEvent.setup();
    const onComplete = jest.fn();
    render(<IdentifySpeakers speakers={{ SPEAKER_01: speakers.SPEAKER_01 }} userName={null} onComplete={onComplete} onClose={() => {}} />);
    const input = screen.getByLabelText("Name");
    expect(input).toHaveValue("You");
    await user.clear(input);
    await user.type(input, "   ");
    await user.click(screen.getByRole("button", { name: "Continue to Insights" }));
    expect(onComplete).not.toHaveBeenCalled();
  });
});

// A name of only spaces passes the field's `required` check; the button then did nothing: no message, nothing said, and
// a screen reader user pressing it again and again did not learn why.
describe("IdentifySpeakers blank name", () => {
  it("says inline, as an alert tied to the field, that the speaker needs a name, and clears it when typing", async () => {
    const user = userEvent.setup();
    const onComplete = jest.fn();
    render(<IdentifySpeakers speakers={{ SPEAKER_01: speakers.SPEAKER_01 }} userName={null} onComplete={onComplete} onClose={() => {}} />);
    const input = screen.getByLabelText("Name");
    await user.clear(input);
    await user.type(input, "   {Enter}");

    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(SPEAKER_TEXTS.nameRequired);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(SPEAKER_TEXTS.nameRequired);
    expect(input).toHaveFocus();

    await user.type(input, "Ana");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(input).not.toHaveAttribute("aria-invalid");
    await user.keyboard("{Enter}");
    expect(onComplete).toHaveBeenCalledWith({ SPEAKER_01: "Ana" });
  });
});

// After a name is confirmed the next speaker's quotes replace the first's and focus goes to a new, empty-looking field:
// a screen reader said only "Name, edit" and not that this is another speaker.
test("the next speaker is said in a polite live region, and focus is on its name field", async () => {
  const user = userEvent.setup();
  render(<IdentifySpeakers speakers={speakers} userName="Ana" onComplete={() => {}} onClose={() => {}} />);
  await user.type(screen.getByLabelText("Name"), "{Enter}");
  const live = screen.getByText("Speaker 2 of 3").closest("[aria-live]");
  expect(live).toHaveAttribute("aria-live", "polite");
  expect(live).toHaveTextContent("1 of 3 speakers identified");
  expect(screen.getByLabelText("Name")).toHaveFocus();
});

// The screen is an aria-modal dialog over the home page; Tab past its button went on into the page it covers.
test("Tab and Shift+Tab stay in the screen: from its button back to Close, and from Close to the button", async () => {
  const user = userEvent.setup();
  render(
    <>
      <IdentifySpeakers speakers={speakers} userName="Ana" onComplete={() => {}} onClose={() => {}} />
      <button type="button">Start recording</button>
    </>,
  );
  expect(screen.getByLabelText("Name")).toHaveFocus();
  await user.tab();
  expect(screen.getByRole("button", { name: "Next Speaker (2 remaining)" })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole("button", { name: "Next Speaker (2 remaining)" })).toHaveFocus();
});

// Close on the naming screen (the recording is not analysed) left focus on nothing: the screen came after the progress
// screen, not from a control.
test("Close gives focus to returnFocus (the record button)", async () => {
  const user = userEvent.setup();
  function Naming() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" id="record-button">
          Start recording
        </button>
        {open ? (
          <IdentifySpeakers
            speakers={speakers}
            userName="Ana"
            onComplete={() => {}}
            onClose={() => setOpen(false)}
            returnFocus={() => document.getElementById("record-button")}
          />
        ) : null}
      </>
    );
  }
  render(<Naming />);
  await user.click(screen.getByRole("button", { name: "Close" }));
  expect(screen.getByRole("button", { name: "Start recording" })).toHaveFocus();
});
