import type { InsightCard } from "@/lib/domain/analysis/types";

import { PLACEHOLDER_CARD, cardsOrPlaceholder, cutToWords, summaryForDisplay, textBand, visibleTips } from "./card-text";
import { safeMarkdownUrl } from "./markdown-url";
import { SUMMARY_DEFAULTS } from "./texts";

const words = (count: number, prefix = "w") => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(" ");
const card = (tips: string[]): InsightCard => ({ dimension: "Clarity", insight: "You named what you needed.", tips, color: "sunflower", icon: "lightbulb" });

describe("visibleTips", () => {
  it("shows at most 2 tips and skips blank ones", () => {
    expect(visibleTips(card(["One", "  ", "Two", "Three"]))).toEqual(["One", "Two"]);
  });

  it("cuts a tip over 50 words to its first 50 words plus '...'", () => {
    const [tip] = visibleTips(card([words(60)]));
    expect(tip).toBe(`${words(50)}...`);
    expect(tip!.replace(/\.\.\.$/, "").split(" ")).toHaveLength(50);
  });

  it("leaves a tip of exactly 50 words alone", () => {
    expect(visibleTips(card([words(50)]))).toEqual([words(50)]);
  });

  it("drops punctuation at the cut so the ellipsis reads cleanly", () => {
    expect(cutToWords("one, two, three, four", 2)).toBe("one, two...");
  });
});

describe("cardsOrPlaceholder", () => {
  it("gives one 'Session Data' card for an empty or missing list", () => {
    expect(cardsOrPlaceholder([])).toEqual([PLACEHOLDER_CARD]);
    expect(cardsOrPlaceholder(undefined)).toEqual([PLACEHOLDER_CARD]);
    expect(PLACEHOLDER_CARD.dimension).toBe("Session Data");
  });

  it("keeps real cards as they are", () => {
    const cards = [card(["a"]), card(["b"])];
    expect(cardsOrPlaceholder(cards)).toEqual(cards);
  });
});

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

  it("falls back to the spec's defaults, with three recommendations", () => {
    const shown = summaryForDisplay({ summary: " ", recommendations: ["  "], encouragement: "", reminderDate: 0 });
    expect(shown.summary).toBe("Session summary not available");
    expect(shown.encouragement).toBe("Continue exploring relationship growth together.");
    expect(shown.recommendations).toEqual([...SUMMARY_DEFAULTS.recommendations]);
    expect(shown.recommendations).toHaveLength(3);
    expect(summaryForDisplay(null).recommendations).toHaveLength(3);
  });
});

describe("safeMarkdownUrl", () => {
  it.each(["https://example.org/a", "http://example.org", "HTTPS://EXAMPLE.ORG", "mailto:us@example.org", "irc://irc.example.org", "ircs://x", "xmpp:a@b.c", "/guides", "guides/next", "#top", "?q=a:b", "/path/with:colon"])(
    "keeps %s",
    (url) => expect(safeMarkdownUrl(url)).toBe(url),
  );

  it.each(["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:x", "file:///etc/passwd", "tel:123"])(
    "refuses %s",
    (url) => expect(safeMarkdownUrl(url)).toBe(""),
  );
});
