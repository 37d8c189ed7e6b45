/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";

import { DATA_TEXTS } from "@/components/profile/texts";
import { makeQueryClient } from "@/lib/client/api/query-client";

import { SettingsOverlay } from "./settings-overlay";

const identity = { signedIn: false, clerkEnabled: true, signInWithGoogle: jest.fn() };
jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => identity }));

describe("SettingsOverlay", () => {
  it("shows its cards with h3 headings under the dialog's title, and the labelled language select", () => {
    render(
      <QueryClientProvider client={makeQueryClient(() => Promise.reject(new Error("no server call for a guest")))}>
        <SettingsOverlay open onOpenChange={() => {}} feedbackEmail="hello@example.org" />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "Settings" });
    expect(within(dialog).getByRole("heading", { level: 2, name: "Settings" })).toBeInTheDocument();
    expect(within(dialog).getByRole("region", { name: "About" })).toContainElement(within(dialog).getByRole("heading", { level: 3, name: "About" }));
    expect(within(dialog).getByRole("combobox", { name: "Recording Language" })).toHaveAccessibleDescription();
    expect(within(dialog).getByRole("button", { name: "Sign in with Google" })).toBeInTheDocument();
    // A guest has no Profile Settings: the data actions for this browser are here.
    const data = within(dialog).getByRole("region", { name: DATA_TEXTS.heading });
    expect(within(data).getByRole("button", { name: DATA_TEXTS.download })).toBeInTheDocument();
    expect(within(data).getByRole("button", { name: DATA_TEXTS.deleteAll })).toBeInTheDocument();
    // Issue 13: the tip jar and the way to install the app.
    expect(within(dialog).getByRole("region", { name: "Buy Us A Drink" })).toContainElement(within(dialog).getByRole("button", { name: /Buy Us A Drink/ }));
    expect(within(dialog).getByRole("region", { name: "Add to Home Screen" })).toContainElement(
      within(dialog).getByRole("button", { name: "Add to Home Screen" }),
    );
  });
});
