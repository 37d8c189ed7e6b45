/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState, type RefObject } from "react";

import { useModalScreen } from "./use-modal-screen";

/** A screen as the readiness and growth cards draw it: the title inside a wrapper, two choices, one of them maybe off. */
function TitledScreen({ onClose, offChoice = false }: { onClose: () => void; offChoice?: boolean }) {
  const { dialogProps, titleProps } = useModalScreen({ titleId: "test-title" });
  return (
    <div {...dialogProps} className="screen">
      <div role="group">
        <h2 {...titleProps} className="title">
          Timing
        </h2>
      </div>
      <button type="button" onClick={onClose}>
        Not now
      </button>
      <button type="button" disabled={offChoice} onClick={onClose}>
        Ready
      </button>
    </div>
  );
}

/** The page under the screen: a control that opens it, and a link the keyboard must not reach while it shows. */
function Page({ offChoice }: { offChoice?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="/elsewhere">Elsewhere</a>
      {open ? <TitledScreen offChoice={offChoice} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

async function openScreen(offChoice?: boolean) {
  const user = userEvent.setup();
  render(<Page offChoice={offChoice} />);
  const opener = screen.getByRole("button", { name: "Open" });
  await user.click(opener);
  return { user, opener };
}

test("an aria-modal dialog named by its title, which takes focus when it opens", async () => {
  await openScreen();
  const dialog = screen.getByRole("dialog", { name: "Timing" });
  expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(dialog).toHaveAttribute("aria-labelledby", "test-title");
  expect(dialog).not.toHaveAttribute("aria-label");
  expect(dialog).toHaveClass("screen");
  const title = screen.getByRole("heading", { name: "Timing" });
  expect(title).toHaveAttribute("id", "test-title");
  expect(title).toHaveAttribute("tabindex", "-1");
  expect(title).toHaveClass("title");
  expect(title).toHaveFocus();
});

test("Tab and Shift+Tab go round the screen's controls and never reach the page behind it", async () => {
  const { user } = await openScreen();
  const notNow = screen.getByRole("button", { name: "Not now" });
  const ready = screen.getByRole("button", { name: "Ready" });
  const presses: { shift: boolean; lands: HTMLElement }[] = [
    { shift: false, lands: notNow },
    { shift: false, lands: ready },
    { shift: false, lands: notNow },
    { shift: true, lands: ready },
    { shift: true, lands: notNow },
  ];
  for (const { shift, lands } of presses) {
    await user.tab({ shift });
    expect(lands).toHaveFocus();
  }
});

test("Shift+Tab from the title goes to the last control, and a control that is off is passed over", async () => {
  const { user } = await openScreen(true);
  const notNow = screen.getByRole("button", { name: "Not now" });
  await user.tab({ shift: true });
  expect(notNow).toHaveFocus();
  await user.tab();
  expect(notNow).toHaveFocus();
});

test("Escape is not the screen's: focus stays where it is and the screen stays open", async () => {
  const { user } = await openScreen();
  const title = screen.getByRole("heading", { name: "Timing" });
  // Not taken (defaultPrevented) either, so a dialog opened over the screen can still close on it.
  expect(fireEvent.keyDown(title, { key: "Escape" })).toBe(true);
  await user.keyboard("{Escape}");
  expect(title).toHaveFocus();
  expect(screen.getByRole("dialog")).toBeInTheDocument();
});

test("closing gives focus back to the control that opened the screen", async () => {
  const { user, opener } = await openScreen();
  await user.click(screen.getByRole("button", { name: "Not now" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(opener).toHaveFocus();
});

/** A screen whose own field takes focus (the speakers' names): its title keeps a plain id, and closing calls returnFocus. */
function FieldScreen({ returnFocus }: { returnFocus: () => HTMLElement | null }) {
  const { dialogProps } = useModalScreen({ titleId: "field-title", returnFocus });
  return (
    <div {...dialogProps}>
      <h2 id="field-title">Names</h2>
      <input aria-label="Name" autoFocus />
    </div>
  );
}

test("without titleProps, the field that focuses itself keeps focus, and closing with no opener calls returnFocus", () => {
  const after = document.createElement("button");
  document.body.append(after);
  const { rerender } = render(<FieldScreen returnFocus={() => after} />);
  const title = screen.getByRole("heading", { name: "Names" });
  expect(screen.getByRole("dialog", { name: "Names" })).toHaveAttribute("aria-labelledby", "field-title");
  expect(title).not.toHaveAttribute("tabindex");
  const field = screen.getByRole("textbox", { name: "Name" });
  expect(field).toHaveFocus();
  fireEvent.keyDown(field, { key: "Tab" });
  expect(field).toHaveFocus();

  // The field is the only control, and it goes with the screen: focus is then on nothing, so it goes to returnFocus.
  rerender(<></>);
  expect(after).toHaveFocus();
  after.remove();
});

/** The welcome: named by a label, its title drawn by a child that holds the title's ref. */
function LabelledScreen({ title }: { title: RefObject<HTMLHeadingElement | null> }) {
  const { dialogProps } = useModalScreen({ label: "Welcome", title });
  return (
    <div {...dialogProps}>
      <h1 ref={title} id="child-title" tabIndex={-1}>
        Hello
      </h1>
    </div>
  );
}

function LabelledPage() {
  const title = useRef<HTMLHeadingElement>(null);
  return <LabelledScreen title={title} />;
}

test("named by a label, focus goes to the title ref it was given, and Tab with no control keeps it there", async () => {
  const user = userEvent.setup();
  render(<LabelledPage />);
  const dialog = screen.getByRole("dialog", { name: "Welcome" });
  expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(dialog).toHaveAttribute("aria-label", "Welcome");
  expect(dialog).not.toHaveAttribute("aria-labelledby");
  const title = screen.getByRole("heading", { name: "Hello" });
  expect(title).toHaveFocus();
  await user.tab();
  expect(title).toHaveFocus();
  await user.tab({ shift: true });
  expect(title).toHaveFocus();
});
