/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { makeQueryClient } from "@/lib/client/api/query-client";

import { ProfileOverlay } from "./profile-overlay";
import { DATA_TEXTS } from "./texts";

const signOut = jest.fn(async () => {});
jest.mock("@/components/auth/identity-context", () => ({
  useIdentity: () => ({ signedIn: false, clerkEnabled: false, user: { name: "Ana Lima", email: "ana@example.org" }, signOut }),
}));

function renderProfile() {
  // Signed out: the session count is never fetched, so the query function is never called.
  const client = makeQueryClient(() => Promise.reject(new Error("not fetched when signed out")));
  return render(
    <QueryClientProvider client={client}>
      <ProfileOverlay open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

describe("ProfileOverlay", () => {
  beforeEach(() => localStorage.clear());

  it("edits the name in a labelled field and saves it with Update Name", async () => {
    const user = userEvent.setup();
    renderProfile();
    const dialog = screen.getByRole("dialog", { name: "Profile Settings" });
    const name = within(dialog).getByRole("textbox", { name: "Your name" });
    expect(name).toHaveValue("Ana Lima");
    // An Arabic or Hebrew name is typed in its own direction, to the length the app keeps.
    expect(name).toHaveAttribute("dir", "auto");
    expect(name).toHaveAttribute("maxLength", "80");
    expect(within(dialog).getByRole("button", { name: "Update Name" })).toBeDisabled();

    await user.clear(name);
    await user.type(name, "Ana");
    await user.click(within(dialog).getByRole("button", { name: "Update Name" }));
    expect(name).toHaveValue("Ana");
    expect(within(dialog).getByRole("button", { name: "Update Name" })).toBeDisabled();
  });

  it("offers Download my data and Delete all my data in a card of its own", () => {
    renderProfile();
    const data = screen.getByRole("region", { name: DATA_TEXTS.heading });
    expect(within(data).getByRole("heading", { level: 3, name: DATA_TEXTS.heading })).toBeInTheDocument();
    expect(within(data).getByRole("button", { name: DATA_TEXTS.download })).toBeEnabled();
    expect(within(data).getByRole("button", { name: DATA_TEXTS.deleteAll })).toBeEnabled();
  });

  it("shows the statistics as a card under the dialog's title", () => {
    renderProfile();
    const stats = screen.getByRole("region", { name: "Session Statistics" });
    expect(within(stats).getByRole("heading", { level: 3, name: "Session Statistics" })).toBeInTheDocument();
    expect(within(stats).getByRole("heading", { level: 4, name: "Account Status" })).toBeInTheDocument();
    expect(stats).toHaveTextContent("Free sessionAvailable");
  });

  it("Sign Out is one tap: busy and disabled until the sign-out has finished, then usable again", async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    signOut.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    renderProfile();
    const button = within(screen.getByRole("dialog", { name: "Profile Settings" })).getByRole("button", { name: "Sign Out" });

    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    await user.click(button);
    expect(signOut).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute("aria-busy", "false");
  });
});
