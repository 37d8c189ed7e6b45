/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";

import { SettingsOverlay } from "./settings-overlay";

const identity = { signedIn: false, clerkEnabled: true, signInWithGoogle: jest.fn() };
jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => identity }));

describe("SettingsOverlay", () => {
  it("shows its cards with h3 headings under the dialog's title, and the labelled language select", () => {
    render(<SettingsOverlay open onOpenChange={() => {}} feedbackEmail="hello@example.org" />);
    const dialog = screen.getByRole("dialog", { name: "Settings" });
    expect(within(dialog).getByRole("heading", { level: 2, name: "Settings" })).toBeInTheDocument();
    expect(within(dialog).getByRole("region", { name: "About" })).toContainElement(within(dialog).getByRole("heading", { level: 3, name: "About" }));
    expect(within(dialog).getByRole("combobox", { name: "Recording Language" })).toHaveAccessibleDescription();
    expect(within(dialog).getByRole("button", { name: "Sign in with Google" })).toBeInTheDocument();
  });
});
