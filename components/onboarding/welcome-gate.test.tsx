/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";

import { IdentityContext, type AppIdentity } from "@/components/auth/identity-context";
import { DISCLAIMER_ACCEPTED_KEY, DISCLAIMER_COOKIE, WELCOME_DONE_ATTRIBUTE } from "@/lib/client/onboarding/keys";
import { testIdentity } from "@/tests/helpers/identity";

import { ONBOARDING_TEXTS } from "./texts";
import { HIDDEN_WHEN_DONE, WelcomeGate } from "./welcome-gate";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));

const guest = testIdentity();

function Gate({ disclaimerAccepted, identity = guest }: { disclaimerAccepted: boolean; identity?: AppIdentity }) {
  return (
    <IdentityContext.Provider value={identity}>
      <WelcomeGate disclaimerAccepted={disclaimerAccepted} />
    </IdentityContext.Provider>
  );
}

function clearCookie() {
  document.cookie = `${DISCLAIMER_COOKIE}=; Path=/; Max-Age=0`;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookie();
});

describe("WelcomeGate on the server", () => {
  it("renders the welcome card into the HTML when the request has no acceptance cookie", () => {
    const html = renderToString(<Gate disclaimerAccepted={false} />);
    expect(html).toContain(ONBOARDING_TEXTS.welcomeTitle);
    expect(html).toContain('role="dialog"');
  });

  it("the disclaimer box waits for the page's JavaScript (a tick before hydration would be lost)", () => {
    expect(renderToString(<Gate disclaimerAccepted={false} />)).toMatch(/<input[^>]*type="checkbox"[^>]*disabled=""/);
  });

  it("renders nothing with the cookie, or for a signed-in user", () => {
    expect(renderToString(<Gate disclaimerAccepted />)).toBe("");
    expect(renderToString(<Gate disclaimerAccepted={false} identity={{ ...guest, clerkEnabled: true, signedIn: true, user: { id: "u1" } }} />)).toBe("");
  });

  it("hides the dialog by CSS when the head script marks <html> (the class names the attribute it sets)", () => {
    expect(HIDDEN_WHEN_DONE).toBe(`[[${WELCOME_DONE_ATTRIBUTE}]_&]:hidden`);
    expect(renderToString(<Gate disclaimerAccepted={false} />)).toContain(HIDDEN_WHEN_DONE.replace("&", "&amp;"));
  });
});

describe("WelcomeGate in the browser", () => {
  async function hydrate(disclaimerAccepted: boolean) {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Gate disclaimerAccepted={disclaimerAccepted} />);
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Gate disclaimerAccepted={disclaimerAccepted} />, { onRecoverableError: (error) => errors.push(error) });
    });
    return { container, errors };
  }

  it("a device that accepted before the cookie existed: the server's welcome card goes at hydration, without a mismatch", async () => {
    localStorage.setItem(DISCLAIMER_ACCEPTED_KEY, "2026-01-02T03:04:05.000Z");
    const { container, errors } = await hydrate(false);
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    expect(errors).toEqual([]);
    container.remove();
  });

  it("a first visit keeps the server's welcome card, and its box can be ticked once hydrated", async () => {
    const { container, errors } = await hydrate(false);
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.disabled).toBe(false);
    expect(errors).toEqual([]);
    container.remove();
  });

  it("a cookie without the localStorage record (storage cleared) is a device that never accepted: the welcome shows", async () => {
    document.cookie = `${DISCLAIMER_COOKIE}=1; Path=/`;
    const { container, errors } = await hydrate(true);
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    expect(errors).toEqual([]);
    container.remove();
  });

  it("Try It Out remembers the acceptance in localStorage and in the cookie, and the flow goes on to the intro cards", async () => {
    render(<Gate disclaimerAccepted={false} />);
    act(() => screen.getByRole("checkbox", { name: ONBOARDING_TEXTS.disclaimer }).click());
    act(() => screen.getByRole("button", { name: ONBOARDING_TEXTS.tryItOut }).click());
    expect(localStorage.getItem(DISCLAIMER_ACCEPTED_KEY)).toMatch(/^\d{4}-/);
    expect(document.cookie).toContain(`${DISCLAIMER_COOKIE}=1`);
    expect(screen.getByRole("dialog", { name: ONBOARDING_TEXTS.dialogLabel })).toBeInTheDocument();
  });
});

// The welcome dialog comes last in the page, after the header and the recorder it covers. A keyboard user's first Tab
// went to the header's buttons behind it, and on through the whole home page before reaching the disclaimer box.
describe("WelcomeGate focus", () => {
  it("starts on the welcome's title, and Tab and Shift+Tab stay in the dialog", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Open settings</button>
        <Gate disclaimerAccepted={false} />
      </>,
    );
    expect(screen.getByRole("heading", { level: 1, name: ONBOARDING_TEXTS.welcomeTitle })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("checkbox", { name: ONBOARDING_TEXTS.disclaimer })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("link", { name: ONBOARDING_TEXTS.privacy })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("checkbox", { name: ONBOARDING_TEXTS.disclaimer })).toHaveFocus();
    expect(screen.getByText("Open settings")).not.toHaveFocus();
    // Nor does a screen reader reach the page behind.
    expect(screen.queryByRole("button", { name: "Open settings" })).toBeNull();
  });
});
