/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://app.coach.example.com/"}
 */
import { clearOwedSignOut, endClerkSessionCookies, markSignOutOwed, owedSignOut } from "./owed-sign-out";

// Clerk keeps a session in more cookies than `__session`: suffixed copies, and `__client_uat` on the parent domain. A
// sign-out without Clerk that left any of them signed the user in again at the next page.

const cookieNames = () =>
  document.cookie
    .split(";")
    .map((entry) => entry.trim())
    .filter(Boolean);

beforeEach(() => {
  for (const entry of cookieNames()) {
    const name = entry.split("=")[0];
    for (const domain of ["", "; domain=coach.example.com", "; domain=example.com"]) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  }
  localStorage.clear();
});

test("every copy of the session's cookies goes, on the host and its parent domains; the client then reads '0'", () => {
  document.cookie = "__session=token-plain; path=/";
  document.cookie = "__session_Abc123=token-suffixed; path=/";
  document.cookie = "__client_uat_Abc123=1793523600; path=/; domain=coach.example.com";
  document.cookie = "__client_uat=1793523600; path=/; domain=example.com";
  document.cookie = "theme=warm; path=/";
  expect(cookieNames()).toHaveLength(5);

  endClerkSessionCookies();
  expect(cookieNames().sort()).toEqual(["__client_uat=0", "theme=warm"]);
});

test("a host with no parent domain (localhost, an address) has its own cookies emptied", () => {
  const set: string[] = [];
  const doc = { cookie: "__session=t; __session_x=t2" } as Document;
  Object.defineProperty(doc, "cookie", { get: () => "__session=t; __session_x=t2", set: (value: string) => set.push(value) });
  endClerkSessionCookies(doc, "127.0.0.1");
  expect(set).toEqual(["__session=; Max-Age=0; path=/", "__client_uat=; Max-Age=0; path=/", "__session_x=; Max-Age=0; path=/", "__client_uat=0; path=/"]);
});

test("the owed sign-out is kept for the account, read back and cleared", () => {
  expect(owedSignOut()).toBeNull();
  markSignOutOwed("user_a");
  expect(owedSignOut()).toBe("user_a");
  clearOwedSignOut();
  expect(owedSignOut()).toBeNull();
});
