import { EMPTY_GUIDE_QUEUE, guideMessage, offerGuide, requeueGuide, takePendingGuide } from "./guide-queue";

const a = { headline: "Appreciation", description: "What went well?" };
const b = { headline: "Weekend plans", description: "Saturday together." };
const c = { headline: "Chores", description: "" };

describe("guide queue", () => {
  it.each([
    ["the first guide while the coach is free", null, 0, false, "send"],
    ["the first guide while the coach speaks", null, 0, true, "queued"],
    ["the same headline again, much later", { headline: a.headline, at: 0 }, 10_000, false, "ignored"],
    ["another guide within 250 ms", { headline: b.headline, at: 1_000 }, 1_249, false, "ignored"],
    ["another guide exactly 250 ms later", { headline: b.headline, at: 1_000 }, 1_250, false, "send"],
    ["another guide later while the coach speaks", { headline: b.headline, at: 0 }, 5_000, true, "queued"],
  ] as const)("%s → %s", (_, last, now, busy, outcome) => {
    expect(offerGuide({ last, pending: null }, a, now, busy).outcome).toBe(outcome);
  });

  it("an ignored choice changes nothing, not even the debounce time", () => {
    const first = offerGuide(EMPTY_GUIDE_QUEUE, a, 1_000, false).state;
    const ignored = offerGuide(first, b, 1_100, false);
    expect(ignored.state).toBe(first);
    expect(offerGuide(ignored.state, b, 1_260, false).outcome).toBe("send");
  });

  it("keeps only the newest waiting guide and hands it over once", () => {
    let state = offerGuide(EMPTY_GUIDE_QUEUE, a, 0, true).state;
    state = offerGuide(state, b, 1_000, true).state;
    expect(state.pending).toEqual(b);
    const taken = takePendingGuide(state);
    expect(taken.guide).toEqual(b);
    expect(takePendingGuide(taken.state).guide).toBeNull();
  });

  it("a refused guide waits again, unless a newer one already waits", () => {
    expect(requeueGuide(EMPTY_GUIDE_QUEUE, a).pending).toEqual(a);
    expect(requeueGuide({ last: null, pending: c }, a).pending).toEqual(c);
  });

  it("hands the coach the headline and description as a message", () => {
    expect(guideMessage(b)).toBe(
      'I picked a new conversation guide: "Weekend plans". It is about: Saturday together. Please take it up now, briefly, with one question.',
    );
    expect(guideMessage(c)).toBe('I picked a new conversation guide: "Chores". Please take it up now, briefly, with one question.');
  });
});
