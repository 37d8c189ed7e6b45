/**
 * @jest-environment jsdom
 */
import { arrivedFromAuthRedirect, AUTH_RETURN_COOKIE, clearAuthReturn, clearAuthReturnAfterArrival, markAuthReturn } from "./clerk-on-demand";

const returnCookie = () => document.cookie.split("; ").find((entry) => entry.startsWith(`${AUTH_RETURN_COOKIE}=`)) ?? null;

afterEach(() => clearAuthReturn());

test("the cookie set before leaving for Google holds the time it was set", () => {
  markAuthReturn(1_764_000_000_000);
  expect(returnCookie()).toBe(`${AUTH_RETURN_COOKIE}=1764000000000`);
});

test("the page Google returns to clears it; the page that set it, on its way out, keeps it", () => {
  markAuthReturn(1_764_000_000_000);
  clearAuthReturnAfterArrival(1_764_000_000_000 - 5_000);
  expect(returnCookie()).not.toBeNull();

  clearAuthReturnAfterArrival(1_764_000_000_000 + 60_000);
  expect(returnCookie()).toBeNull();
});

test("a value that is no time is cleared, and no cookie is no error", () => {
  document.cookie = `${AUTH_RETURN_COOKIE}=garbage; Path=/`;
  clearAuthReturnAfterArrival(0);
  expect(returnCookie()).toBeNull();
  expect(() => clearAuthReturnAfterArrival(0)).not.toThrow();
});

test("only the page after the one that set the cookie arrived from a sign-in redirect", () => {
  expect(arrivedFromAuthRedirect(1_764_000_000_000)).toBe(false);
  markAuthReturn(1_764_000_000_000);
  expect(arrivedFromAuthRedirect(1_764_000_000_000 - 5_000)).toBe(false);
  expect(arrivedFromAuthRedirect(1_764_000_000_000 + 60_000)).toBe(true);
});
