/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { HelpButton } from "./help-modal";
import { HELP_TEXTS } from "./texts";

describe("HelpButton", () => {
  it("opens the Help / about modal, which closes back to the button", async () => {
    const user = userEvent.setup();
    render(<HelpButton />);
    const button = screen.getByRole("button", { name: HELP_TEXTS.open });
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: HELP_TEXTS.title });
    expect(dialog).toHaveTextContent(/not therapy or mental-health treatment/);
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    await user.click(screen.getByRole("button", { name: HELP_TEXTS.close }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
