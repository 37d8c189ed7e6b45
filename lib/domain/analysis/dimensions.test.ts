import { DIMENSION_DETAILS, dimensionById, dimensionByTitle } from "./dimensions";
import { CARD_COLORS, CARD_ICONS, DIMENSIONS } from "./types";

describe("DIMENSION_DETAILS", () => {
  it("has the six dimensions of types.ts, in order, each with an icon and colour from the spec's lists and a definition", () => {
    expect(DIMENSION_DETAILS.map(({ id, title }) => ({ id, title }))).toEqual(DIMENSIONS.map(({ id, title }) => ({ id, title })));
    for (const dimension of DIMENSION_DETAILS) {
      expect(CARD_ICONS).toContain(dimension.icon);
      expect(CARD_COLORS).toContain(dimension.color);
      expect(dimension.definition.length).toBeGreaterThan(20);
    }
    expect(new Set(DIMENSION_DETAILS.map((dimension) => dimension.color))).toEqual(new Set(CARD_COLORS));
  });

  it("never gives neighbouring cards the same colour", () => {
    DIMENSION_DETAILS.slice(1).forEach((dimension, index) => expect(dimension.color).not.toBe(DIMENSION_DETAILS[index]!.color));
  });

  it.each([
    ["curiosity", "search"],
    ["clarity", "lightbulb"],
    ["emotional", "heart"],
    ["timing", "clock"],
    ["respect", "handshake"],
    ["appreciation", "sparkles"],
  ] as const)("%s has the icon %s", (id, icon) => {
    expect(dimensionById(id).icon).toBe(icon);
  });
});

describe("dimensionByTitle", () => {
  it.each([
    ["Curiosity", "curiosity"],
    ["CLARITY", "clarity"],
    ["Emotional", "emotional"],
    ["emotional connection", "emotional"],
    ["  Timing ", "timing"],
    ["Respect", "respect"],
    ["Respect & Repair", "respect"],
    ["respect and repair", "respect"],
    ["Appreciation", "appreciation"],
  ])("%j → %s", (title, id) => {
    expect(dimensionByTitle(title)?.id).toBe(id);
  });

  it.each(["", "Session Data", "Mutual Aspirations & Growth", "Curiosity!!x"])("%j → undefined", (title) => {
    expect(dimensionByTitle(title)).toBeUndefined();
  });
});
