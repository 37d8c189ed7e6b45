import { DEFAULT_RECOMMENDATIONS } from "@/lib/domain/analysis/summary";

import { summaryForDisplay, textBand } from "./card-text";
import { safeMarkdownUrl } from "./markdown-url";

describe("textBand", () => {
  it("uses the spec's 200 and 400 character bands", () => {
    expect(textBand("x".repeat(200))).toBe("short");
    expect(textBand("x".repeat(201))).toBe("medium");
    expect(textBand("x".repeat(401))).toBe("long");
  });
});

describe("summaryForDisplay", () => {
  it("drops blank recommendations", () => {
    const shown = summaryForDisplay({ summary: "S", recommendations: ["Listen", " ", "", "Ask"], encouragement: "E", reminderDate: 0 });
    expect(shown).toEqual({ summary: "S", recommendations: ["Listen", "Ask"], encouragement: "E" });
  });

  it("keeps the summary's markdown for the screen to render, and drops it from each recommendation line", () => {
    const shown = summaryForDisplay({
      summary: "You **listened**.",
      recommendations: ["**Ask** one [open question](https://example.org)"],
      encouragement: "_Keep_ going",
      reminderDate: 0,
    });
    expect(shown).toEqual({ summary: "You **listened**.", recommendations: ["Ask one open question"], encouragement: "_Keep_ going" });
  });

  it("falls back to the spec's defaults, with three recommendations", () => {
    const shown = summaryForDisplay({ summary: " ", recommendations: ["  "], encouragement: "", reminderDate: 0 });
    expect(shown.summary).toBe("Session summary not available");
    expect(shown.encouragement).toBe("Continue exploring relationship growth together.");
    expect(shown.recommendations).toEqual([...DEFAULT_RECOMMENDATIONS]);
    expect(shown.recommendations).toHaveLength(3);
    expect(summaryForDisplay(null).recommendations).toHaveLength(3);
  });
});

describe("safeMarkdownUrl", () => {
  it.each([
    "https://example.org/a",
    "http://example.org",
    "HTTPS://EXAMPLE.ORG",
    "mailto:us@example.org",
    "irc://irc.example.org",
    "ircs://x",
    "xmpp:a@b.c",
    "/guides",
    "guides/next",
    "#top",
    "?q=a:b",
    "/path/with:colon",
  ])("keeps %s", (url) => expect(safeMarkdownUrl(url)).toBe(url));

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:x",
    "file:///etc/passwd",
    "tel:123",
  ])("refuses %s", (url) => expect(safeMarkdownUrl(url)).toBe(""));
});
