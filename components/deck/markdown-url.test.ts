import { safeMarkdownUrl } from "./markdown-url";

describe("safeMarkdownUrl", () => {
  it.each([
    ["https://example.org/guide", "https://example.org/guide"],
    ["mailto:hello@example.org", "mailto:hello@example.org"],
    ["/guides", "/guides"],
    ["guides/one", "guides/one"],
    ["?tab=summary", "?tab=summary"],
    ["#top", "#top"],
    ["/notes:today", "/notes:today"],
    ["  /guides  ", "/guides"],
  ])("keeps %j as %j", (url, kept) => {
    expect(safeMarkdownUrl(url)).toBe(kept);
  });

  it.each([
    // Another host in the app's own tab, dressed as a relative link.
    "//evil.example/sign-in",
    "/\\evil.example/sign-in",
    "\\\\evil.example",
    "\\/evil.example",
    // The browser drops tabs and newlines anywhere, and leading controls: each of these is "//evil.example" to it.
    "/\t/evil.example",
    "/\n/evil.example",
    "\u0001//evil.example",
    " \t //evil.example",
    // Schemes outside the list.
    "javascript:alert(1)",
    "JAVASCRIPT:alert(2)",
    "java\tscript:alert(3)",
    "\u0000javascript:alert(4)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox(1)",
  ])("refuses %j", (url) => {
    expect(safeMarkdownUrl(url)).toBe("");
  });
});
