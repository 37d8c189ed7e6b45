/** @jest-environment jsdom */
import { DISCLAIMER_ACCEPTED_KEY, DISCLAIMER_COOKIE, DISCLAIMER_COOKIE_MAX_AGE_S, WELCOME_DONE_ATTRIBUTE } from "./keys";
import { welcomeHeadScript } from "./welcome-head-script";

// The layout runs this string as an inline script before the first paint; here it runs in jsdom the same way.
function runHeadScript() {
  new Function(welcomeHeadScript())();
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${DISCLAIMER_COOKIE}=; Path=/; Max-Age=0`;
  document.documentElement.removeAttribute(WELCOME_DONE_ATTRIBUTE);
});

describe("the welcome head script", () => {
  it("a first visit: leaves the page as the server sent it and sets no cookie", () => {
    runHeadScript();
    expect(document.documentElement.hasAttribute(WELCOME_DONE_ATTRIBUTE)).toBe(false);
    expect(document.cookie).not.toContain(DISCLAIMER_COOKIE);
  });

  it("a device that accepted (localStorage only): marks <html> and sets the cookie for the next visit", () => {
    localStorage.setItem(DISCLAIMER_ACCEPTED_KEY, "2026-01-02T03:04:05.000Z");
    runHeadScript();
    expect(document.documentElement.hasAttribute(WELCOME_DONE_ATTRIBUTE)).toBe(true);
    expect(document.cookie).toContain(`${DISCLAIMER_COOKIE}=1`);
  });

  it("storage cleared (a cookie without the device's record): the stale cookie is dropped", () => {
    document.cookie = `other=1; Path=/`;
    document.cookie = `${DISCLAIMER_COOKIE}=1; Path=/`;
    runHeadScript();
    expect(document.cookie).not.toContain(DISCLAIMER_COOKIE);
    expect(document.cookie).toContain("other=1");
    expect(document.documentElement.hasAttribute(WELCOME_DONE_ATTRIBUTE)).toBe(false);
  });

  it("a tab that skips the welcome after a sign-in is marked too, without a cookie", () => {
    sessionStorage.setItem("skipWelcomeAfterAuth", "true");
    runHeadScript();
    expect(document.documentElement.hasAttribute(WELCOME_DONE_ATTRIBUTE)).toBe(true);
    expect(document.cookie).not.toContain(DISCLAIMER_COOKIE);
  });

  it("never throws when storage is refused", () => {
    const getItem = jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    expect(runHeadScript).not.toThrow();
    expect(document.documentElement.hasAttribute(WELCOME_DONE_ATTRIBUTE)).toBe(false);
    getItem.mockRestore();
  });

  it("the cookie lives 400 days, the longest browsers keep one", () => {
    expect(DISCLAIMER_COOKIE_MAX_AGE_S).toBe(34_560_000);
    expect(welcomeHeadScript()).toContain(`Max-Age=${DISCLAIMER_COOKIE_MAX_AGE_S}`);
  });
});
