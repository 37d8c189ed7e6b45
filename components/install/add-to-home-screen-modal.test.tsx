/** @jest-environment jsdom */
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { createInstallStore, type BeforeInstallPromptEvent } from "@/lib/client/install/install-prompt";

import { AddToHomeScreenModal } from "./add-to-home-screen-modal";
import { INSTALL_TEXTS } from "./texts";

function promptEvent() {
  const event = new Event("beforeinstallprompt", { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = jest.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: "accepted" as const }) });
  return { event, prompt };
}

describe("AddToHomeScreenModal", () => {
  it("is closed until the store opens it, then shows this browser's 3 steps", () => {
    const store = createInstallStore();
    render(<AddToHomeScreenModal store={store} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => store.open());
    const dialog = screen.getByRole("dialog", { name: INSTALL_TEXTS.title });
    // jsdom's user agent is neither an Apple device nor Safari: Chrome's steps.
    const steps = within(within(dialog).getByRole("region", { name: INSTALL_TEXTS.stepsLabel.chrome })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent?.replace(/^\d/, ""))).toEqual([...INSTALL_TEXTS.steps.chrome]);
    expect(within(dialog).queryByRole("button", { name: INSTALL_TEXTS.installNow })).not.toBeInTheDocument();
  });

  it("offers the browser's own install prompt when it was kept, and confirms the installation", async () => {
    const store = createInstallStore();
    const { event, prompt } = promptEvent();
    store.capture(event);
    render(<AddToHomeScreenModal store={store} />);
    act(() => store.open());
    await userEvent.click(screen.getByRole("button", { name: INSTALL_TEXTS.installNow }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // Accepted: the modal closes and the store remembers the app is installed.
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(store.getState().installed).toBe(true);
  });

  it("Maybe Later closes it", async () => {
    const store = createInstallStore();
    render(<AddToHomeScreenModal store={store} />);
    act(() => store.open());
    await userEvent.click(screen.getByRole("button", { name: INSTALL_TEXTS.notNow }));
    expect(store.getState().open).toBe(false);
  });
});
