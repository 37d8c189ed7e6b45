import type { TranscriptSegment } from "../transcription/segments";
import { namedTranscript, nextUnconfirmed } from "./apply-names";
import { hasEmotionalOrRelationalKeyword, selectSampleQuotes } from "./sample-quotes";
import { normalizeSpeakerName, suggestSpeakerNames } from "./suggested-names";

const seg = (text: string, start: number): TranscriptSegment => ({ speaker: "SPEAKER_01", text, start, end: start + 1 });

describe("selectSampleQuotes", () => {
  it("picks up to 2 lines of 8–35 words with a feeling or relationship word, by start time", () => {
    const quotes = selectSampleQuotes([
      seg("I really feel like we never get time for just us anymore", 30),
      seg("Okay.", 1),
      seg("I love that you planned the whole weekend for the two of us", 10),
      seg("I felt so happy when you listened to me last night at dinner", 20),
    ]);
    expect(quotes).toEqual(["I love that you planned the whole weekend for the two of us", "I felt so happy when you listened to me last night at dinner"]);
  });

  it("ignores lines outside 8–35 words even with keywords", () => {
    const short = "I love you so much"; // 5 words
    const long = Array(36).fill("love").join(" ");
    expect(selectSampleQuotes([seg(short, 0), seg(long, 1), seg("the car needs new tyres", 2)])).toEqual([short, long]);
  });

  it("falls back to the first 2 segments cut at 200 characters", () => {
    const longLine = "x".repeat(250);
    expect(selectSampleQuotes([seg("Third line", 3), seg(longLine, 1), seg("Second", 2)])).toEqual([`${"x".repeat(200)}...`, "Second"]);
  });

  it("cuts a long line before an emoji, not between its halves", () => {
    const longLine = `${"x".repeat(199)}🙂${"y".repeat(50)}`;
    expect(selectSampleQuotes([seg(longLine, 0)])).toEqual([`${"x".repeat(199)}...`]);
  });

  it("returns nothing for a speaker with no segments", () => {
    expect(selectSampleQuotes([])).toEqual([]);
  });

  it("matches keywords as whole words", () => {
    expect(hasEmotionalOrRelationalKeyword("We should talk")).toBe(true);
    expect(hasEmotionalOrRelationalKeyword("Wednesday business")).toBe(false);
  });
});

describe("suggestSpeakerNames", () => {
  it("one speaker gets the user's name, or You", () => {
    expect(suggestSpeakerNames(["SPEAKER_01"], "Ana")).toEqual({ SPEAKER_01: "Ana" });
    expect(suggestSpeakerNames(["SPEAKER_01"], "  ")).toEqual({ SPEAKER_01: "You" });
    expect(suggestSpeakerNames(["SPEAKER_01"], null)).toEqual({ SPEAKER_01: "You" });
  });

  it("several speakers get Speaker N, or a real original name", () => {
    expect(suggestSpeakerNames(["SPEAKER_01", "SPEAKER_02", "SPEAKER_03"], "Ana", { SPEAKER_02: "Ben", SPEAKER_03: "C" })).toEqual({
      SPEAKER_01: "Speaker 1",
      SPEAKER_02: "Ben",
      SPEAKER_03: "Speaker 3",
    });
  });
});

describe("normalizeSpeakerName", () => {
  it("trims, collapses spaces and treats blank as missing", () => {
    expect(normalizeSpeakerName("  Ana   Maria ")).toBe("Ana Maria");
    expect(normalizeSpeakerName("   ")).toBeNull();
  });

  it("treats a name of only zero-width characters as blank: the badge would show nothing", () => {
    expect(normalizeSpeakerName("\u200B")).toBeNull();
    expect(normalizeSpeakerName(" \u200B\u200C \u2060")).toBeNull();
    expect(normalizeSpeakerName("\u200BAna")).toBe("\u200BAna");
  });

  it("keeps a long name within 60 units without splitting an emoji", () => {
    // The single speaker's suggestion is the profile name, which may be up to 80 long: the cut at 60 split the heart and the
    // analysis call was refused for an unpaired surrogate.
    expect(normalizeSpeakerName(`${"A".repeat(59)}💕 and more`)).toBe("A".repeat(59));
    expect(normalizeSpeakerName("אנה 💕")).toBe("אנה 💕");
  });
});

describe("namedTranscript", () => {
  it("replaces ids with names, line by line", () => {
    const segments = [seg("Hi", 0), { ...seg("Hello", 1), speaker: "SPEAKER_02" }, { ...seg("Hey", 2), speaker: "SPEAKER_03" }];
    expect(namedTranscript(segments, { SPEAKER_01: "Ana", SPEAKER_02: "Ben" })).toBe("Ana: Hi\nBen: Hello\nSPEAKER_03: Hey");
  });
});

describe("nextUnconfirmed", () => {
  const ids = ["S1", "S2", "S3"];
  it("moves to the next speaker not yet confirmed, wrapping around", () => {
    expect(nextUnconfirmed(ids, new Set(["S1"]), 0)).toBe(1);
    expect(nextUnconfirmed(ids, new Set(["S1", "S2"]), 1)).toBe(2);
    expect(nextUnconfirmed(ids, new Set(["S2", "S3"]), 2)).toBe(0);
    expect(nextUnconfirmed(ids, new Set(ids), 2)).toBeNull();
  });
});
