import type { PartSegment } from "./long-recording";
import { mergePartTranscripts, type PlacedPart } from "./merge-parts";
import { computeSpeakerStats, groupBySpeaker, transcriptText } from "./segments";

type Row = [speaker: string, start: number, end: number, text: string];

/** A part starting at `startSeconds` of the recording; rows in ABSOLUTE seconds (the part-relative times are derived). */
function part(startSeconds: number, rows: Row[], referencesUsed = false): PlacedPart {
  const segments: PartSegment[] = rows.map(([speaker, start, end, text]) => ({ speaker, text, start: start - startSeconds, end: end - startSeconds }));
  return { startMs: startSeconds * 1000, transcript: { part: startSeconds / 600, segments, referencesUsed, fallback: false } };
}

const rows = (result: ReturnType<typeof mergePartTranscripts>): Row[] => result.segments.map(({ speaker, start, end, text }) => [speaker, start, end, text]);

describe("mergePartTranscripts", () => {
  it("is shaped like the one-piece result", () => {
    const result = mergePartTranscripts(
      [
        part(0, [
          ["A", 0, 2, " hello there "],
          ["B", 2, 3, ""],
          ["B", 3, 5, "hi"],
        ]),
      ],
      [],
    );
    const segments = [
      { speaker: "SPEAKER_01", text: "hello there", start: 0, end: 2 },
      { speaker: "SPEAKER_02", text: "hi", start: 3, end: 5 },
    ];
    expect(result).toEqual({ segments, transcript: transcriptText(segments), speakers: groupBySpeaker(segments), speakerStats: computeSpeakerStats(segments) });
    expect(result.transcript).toBe("SPEAKER_01: hello there\nSPEAKER_02: hi");
  });

  it("no parts, or only empty ones, give an empty transcript", () => {
    const empty = { transcript: "", segments: [], speakers: {}, speakerStats: {} };
    expect(mergePartTranscripts([], [])).toEqual(empty);
    expect(mergePartTranscripts([part(0, []), part(600, [["A", 601, 602, "   "]])], ["A"])).toEqual(empty);
  });

  it("two parts: absolute times, the overlap's duplicates dropped at the midpoint, swapped labels mapped back", () => {
    // Part 1 starts at 600 s: overlap [600, 604], midpoint 602. Part 1 calls A's voice "B" and B's voice "A".
    const result = mergePartTranscripts(
      [
        part(0, [
          ["A", 590, 595, "We should talk about the weekend plans."],
          ["B", 596, 599.5, "I know, you said Saturday works."],
          ["A", 600.5, 601.999, "Yes, Saturday morning."], // starts before 602: part 0 keeps it
          ["B", 602, 603.8, "Sounds great to me!"], // starts at 602: part 1's copy is kept
        ]),
        part(600, [
          ["B", 600.5, 601.999, "yes saturday morning"], // part 0 has it
          ["A", 602, 603.8, "sounds great to me"],
          ["B", 605, 608, "then we can go hiking after lunch"],
          ["A", 609, 611, "perfect"],
        ]),
      ],
      [],
    );
    expect(rows(result)).toEqual([
      ["SPEAKER_01", 590, 595, "We should talk about the weekend plans."],
      ["SPEAKER_02", 596, 599.5, "I know, you said Saturday works."],
      ["SPEAKER_01", 600.5, 601.999, "Yes, Saturday morning."],
      ["SPEAKER_02", 602, 603.8, "sounds great to me"],
      ["SPEAKER_01", 605, 608, "then we can go hiking after lunch"],
      ["SPEAKER_02", 609, 611, "perfect"],
    ]);
    expect(Object.keys(result.speakers)).toEqual(["SPEAKER_01", "SPEAKER_02"]);
    expect(result.speakerStats.SPEAKER_02).toEqual({ totalTime: 7.3, wordCount: 11, segments: 3 });
  });

  it("three parts: the chain of overlaps carries the first part's people to the third", () => {
    const result = mergePartTranscripts(
      [
        part(0, [
          ["A", 10, 12, "good morning"],
          ["B", 598, 601.5, "did you sleep well last night"],
          ["A", 602.5, 603.9, "not really no"],
        ]),
        part(600, [
          ["speaker_1", 600.2, 601.5, "sleep well last night"],
          ["speaker_0", 602.5, 603.9, "not really no"],
          ["speaker_1", 700, 702, "why not"],
          ["speaker_0", 1199, 1201.8, "the neighbours were loud"],
          ["speaker_1", 1202.2, 1203.6, "again really"],
        ]),
        part(1200, [
          ["X", 1200.3, 1201.8, "neighbours were loud"],
          ["Y", 1202.2, 1203.6, "again really"],
          ["X", 1210, 1212, "yes again"],
        ]),
      ],
      [],
    );
    expect(rows(result)).toEqual([
      ["SPEAKER_01", 10, 12, "good morning"],
      ["SPEAKER_02", 598, 601.5, "did you sleep well last night"],
      ["SPEAKER_01", 602.5, 603.9, "not really no"],
      ["SPEAKER_02", 700, 702, "why not"],
      ["SPEAKER_01", 1199, 1201.8, "the neighbours were loud"],
      ["SPEAKER_02", 1202.2, 1203.6, "again really"],
      ["SPEAKER_01", 1210, 1212, "yes again"],
    ]);
  });

  it("Stop during an overlap: a last part lying inside the previous part's time adds nothing twice and no new person", () => {
    const spoken: Row[] = [
      ["A", 590, 595, "We should talk about the weekend plans."],
      ["B", 599, 601.4, "I think Saturday works best."],
    ];
    const merged: Row[] = [
      ["SPEAKER_01", 590, 595, "We should talk about the weekend plans."],
      ["SPEAKER_02", 599, 601.4, "I think Saturday works best."],
    ];
    // Stop at 601.5 s, before the midpoint (602): part 1 heard [600, 601.5], all of which part 0 heard too.
    const beforeMidpoint = mergePartTranscripts([part(0, spoken), part(600, [["X", 600.1, 601.4, "saturday works best"]])], []);
    expect(rows(beforeMidpoint)).toEqual(merged);
    expect(Object.keys(beforeMidpoint.speakers)).toEqual(["SPEAKER_01", "SPEAKER_02"]);

    // Stop at 603 s, past the midpoint: the words after 602 come from part 1, said by the people part 0 named.
    const afterMidpoint = mergePartTranscripts(
      [
        part(0, [...spoken, ["A", 602.2, 602.9, "Okay then."]]),
        part(600, [
          ["X", 600.1, 601.4, "saturday works best"],
          ["Y", 602.2, 602.9, "okay then"],
        ]),
      ],
      [],
    );
    expect(rows(afterMidpoint)).toEqual([...merged, ["SPEAKER_01", 602.2, 602.9, "okay then"]]);
  });

  it("parts given out of order are merged in recording order", () => {
    const first = part(0, [["A", 598, 601, "one two three four"]]);
    const second = part(600, [
      ["B", 600, 601, "three four"],
      ["B", 606, 607, "five"],
    ]);
    expect(rows(mergePartTranscripts([second, first], []))).toEqual([
      ["SPEAKER_01", 598, 601, "one two three four"],
      ["SPEAKER_01", 606, 607, "five"],
    ]);
  });

  describe("duplicates at the cut", () => {
    it("exactly at the midpoint: before it part k's copy, from it part k+1's", () => {
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 601, 601.999, "Left side."],
            ["A", 602, 603, "Right side."],
          ]),
          part(600, [
            ["A", 601, 601.999, "left side"],
            ["A", 602, 603, "right side"],
          ]),
        ],
        [],
      );
      expect(rows(result)).toEqual([
        ["SPEAKER_01", 601, 601.999, "Left side."],
        ["SPEAKER_01", 602, 603, "right side"],
      ]);
    });

    it.each([
      ["part 1's clock 0.3 s early: part 0 drops its copy (602.0), part 1's copy (601.7) follows it and is kept", -0.3, 602],
      ["part 1's clock 0.3 s late: part 0 keeps its copy (601.8), part 1's copy (602.1) follows it and is dropped", 0.3, 601.8],
    ])("a segment at the midpoint is kept once when the parts' clocks differ: %s", (_name, shift, questionStart) => {
      const truth: Row[] = [
        ["A", 600, 601.6, "are you ready"],
        ["B", questionStart, questionStart + 1.6, "almost there now"],
        ["A", 605, 606, "good"],
      ];
      const heardByPart1: Row[] = truth.map(([speaker, start, end, text]) => [speaker === "A" ? "Y" : "X", start + shift, end + shift, text]);
      const result = mergePartTranscripts([part(0, truth.slice(0, 2)), part(600, heardByPart1)], []);
      const expectedQuestion: Row = shift < 0 ? ["SPEAKER_02", 601.7, 603.3, "almost there now"] : ["SPEAKER_02", 601.8, 603.4, "almost there now"];
      const expectedLast: Row = shift < 0 ? ["SPEAKER_01", 604.7, 605.7, "good"] : ["SPEAKER_01", 605.3, 606.3, "good"];
      expect(rows(result)).toEqual([["SPEAKER_01", 600, 601.6, "are you ready"], expectedQuestion, expectedLast]);
    });

    it("a segment of part k+1 running past the end of part k's audio keeps the words part k did not hear", () => {
      // Part 0 heard up to 604 (8 words, one per second, at 596.5 … 603.5); part 1's segment has them placed at 600.7 … 607.7.
      const result = mergePartTranscripts(
        [
          part(0, [["A", 596, 604, "one two three four five six seven eight"]]),
          part(600, [
            ["A", 600.2, 608.2, "five six seven eight nine ten eleven twelve"],
            ["B", 609, 610, "yes"],
          ]),
        ],
        [],
      );
      expect(rows(result)).toEqual([
        ["SPEAKER_01", 596, 604, "one two three four five six seven eight"],
        ["SPEAKER_01", 604, 608.2, "nine ten eleven twelve"],
        ["SPEAKER_02", 609, 610, "yes"],
      ]);
    });

    it("a segment of part k running past part k+1's first segment after the midpoint keeps only its words before it", () => {
      // Part 0's words are placed at 598.5 … 603.5; part 1's segment from 602.5 has the rest.
      const result = mergePartTranscripts(
        [part(0, [["A", 598, 604, "alpha bravo charlie delta echo foxtrot"]]), part(600, [["A", 602.5, 606, "echo foxtrot golf"]])],
        [],
      );
      expect(rows(result)).toEqual([
        ["SPEAKER_01", 598, 602.5, "alpha bravo charlie delta"],
        ["SPEAKER_01", 602.5, 606, "echo foxtrot golf"],
      ]);
    });

    it("part k+1's words from the midpoint are kept when part k's segments end before it", () => {
      const result = mergePartTranscripts(
        [
          part(0, [["A", 590, 599, "earlier words"]]),
          part(600, [["A", 601, 605, "first second third fourth"]]), // words placed at 601.5, 602.5, 603.5, 604.5
        ],
        [],
      );
      expect(rows(result)).toEqual([
        ["SPEAKER_01", 590, 599, "earlier words"],
        ["SPEAKER_02", 602, 605, "second third fourth"],
      ]);
    });

    it("a segment of part k+1 wholly inside what part k kept is dropped, however it is labelled", () => {
      const result = mergePartTranscripts(
        [
          part(0, [["A", 599, 603.5, "so that is what I meant"]]),
          part(600, [
            ["Z", 600, 601, "what"],
            ["A", 601, 603.4, "I meant"],
            ["A", 604.5, 606, "okay"],
          ]),
        ],
        [],
      );
      expect(rows(result)).toEqual([
        ["SPEAKER_01", 599, 603.5, "so that is what I meant"],
        ["SPEAKER_01", 604.5, 606, "okay"],
      ]);
    });
  });

  describe("speakers across parts", () => {
    it("labels from the references are the first part's, even with nothing said at the cut", () => {
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 0, 3, "hello"],
            ["B", 3, 6, "hi"],
          ]),
          part(
            600,
            [
              ["B", 610, 612, "so"],
              ["A", 613, 615, "well"],
            ],
            true,
          ),
        ],
        ["A", "B"],
      );
      expect(rows(result).map(([speaker, , , text]) => [speaker, text])).toEqual([
        ["SPEAKER_01", "hello"],
        ["SPEAKER_02", "hi"],
        ["SPEAKER_02", "so"],
        ["SPEAKER_01", "well"],
      ]);
    });

    it("a part named by the references passes its people on to a later part matched by the overlap", () => {
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 0, 3, "hello"],
            ["B", 3, 6, "hi"],
          ]),
          part(
            600,
            [
              ["B", 610, 612, "so"],
              ["A", 1200.2, 1201.8, "shall we stop here"],
            ],
            true,
          ),
          part(1200, [
            ["SPEAKER_01", 1200.2, 1201.8, "shall we stop here"],
            ["SPEAKER_02", 1205, 1206, "yes"],
          ]),
        ],
        ["A", "B"],
      );
      expect(rows(result).map(([speaker, , , text]) => [speaker, text])).toEqual([
        ["SPEAKER_01", "hello"],
        ["SPEAKER_02", "hi"],
        ["SPEAKER_02", "so"],
        ["SPEAKER_01", "shall we stop here"],
        ["SPEAKER_03", "yes"],
      ]);
    });

    it("the same names without referencesUsed are not taken as the same people", () => {
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 0, 3, "hello"],
            ["B", 3, 6, "hi"],
          ]),
          part(600, [
            ["B", 610, 612, "so"],
            ["A", 613, 615, "well"],
          ]),
        ],
        ["A", "B"],
      );
      expect(result.segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_02", "SPEAKER_03", "SPEAKER_04"]);
    });

    it("with references, a label the provider added is matched by the overlap, but never to a person a reference holds", () => {
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 599, 601.5, "we could ask your mother"],
            ["B", 602.2, 603.8, "she would love that"],
          ]),
          part(
            600,
            [
              ["A", 600.1, 601.5, "ask your mother"], // the reference says A: A
              ["C", 602.2, 603.8, "she would love that"], // B's voice, not recognised: the overlap says B
              ["D", 605, 606, "hey"], // a new voice
              ["E", 607, 608, "ask your mother"], // outside the overlap: new
            ],
            true,
          ),
        ],
        ["A", "B"],
      );
      expect(rows(result).map(([speaker, , , text]) => [speaker, text])).toEqual([
        ["SPEAKER_01", "we could ask your mother"],
        ["SPEAKER_02", "she would love that"],
        ["SPEAKER_03", "hey"],
        ["SPEAKER_04", "ask your mother"],
      ]);

      // A label that votes for the person a reference label of the same part holds stays distinct.
      const taken = mergePartTranscripts(
        [
          part(0, [["A", 600.2, 601.8, "we could ask your mother"]]),
          part(
            600,
            [
              ["Z", 600.2, 601.8, "we could ask your mother"],
              ["A", 605, 607, "yes"],
            ],
            true,
          ),
        ],
        ["A"],
      );
      expect(rows(taken).map(([speaker, , , text]) => [speaker, text])).toEqual([
        ["SPEAKER_01", "we could ask your mother"],
        ["SPEAKER_01", "yes"],
      ]);
      expect(
        mergePartTranscripts(
          [
            part(0, [["A", 600.2, 601.8, "ask"]]),
            part(
              600,
              [
                ["Z", 602.5, 603, "again"],
                ["A", 605, 607, "yes"],
              ],
              true,
            ),
          ],
          ["A"],
        ).segments.map((s) => s.speaker),
      ).toEqual(["SPEAKER_01", "SPEAKER_02", "SPEAKER_01"]);
    });

    it("a new speaker appearing in part 2 stays distinct", () => {
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 598, 601.5, "are you coming in"],
            ["B", 602.1, 603.9, "in a minute"],
          ]),
          part(600, [
            ["P", 600.3, 601.5, "coming in"],
            ["Q", 602.1, 603.9, "in a minute"],
            ["R", 620, 622, "hello everyone"],
            ["P", 623, 624, "oh hi"],
          ]),
        ],
        [],
      );
      expect(rows(result).map(([speaker, , , text]) => [speaker, text])).toEqual([
        ["SPEAKER_01", "are you coming in"],
        ["SPEAKER_02", "in a minute"],
        ["SPEAKER_03", "hello everyone"],
        ["SPEAKER_01", "oh hi"],
      ]);
    });

    it("silence at the cut: no evidence, so the next part's labels are new people", () => {
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 500, 502, "first"],
            ["B", 503, 505, "second"],
          ]),
          part(600, [
            ["A", 700, 702, "third"],
            ["B", 703, 705, "fourth"],
          ]),
        ],
        [],
      );
      expect(result.segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_02", "SPEAKER_03", "SPEAKER_04"]);
    });

    it("a lone voice on both sides of a silent cut is also two people (nothing says it is one)", () => {
      const result = mergePartTranscripts([part(0, [["A", 10, 12, "one"]]), part(600, [["A", 700, 702, "two"]])], []);
      expect(result.segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_02"]);
    });

    it("words that differ (similarity 2/6) or times too far apart give no vote", () => {
      const differ = mergePartTranscripts([part(0, [["A", 600.5, 601.5, "one two three"]]), part(600, [["B", 600.5, 601.5, "one four five"]])], []);
      expect(differ.segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01"]); // part 1's copy is dropped…
      const apart = mergePartTranscripts(
        [
          part(0, [["A", 600, 600.9, "same words"]]),
          part(600, [
            ["B", 601.5, 601.9, "same words"],
            ["B", 605, 606, "after"],
          ]),
        ],
        [],
      );
      expect(rows(apart).map(([speaker, , , text]) => [speaker, text])).toEqual([
        ["SPEAKER_01", "same words"],
        ["SPEAKER_02", "after"],
      ]);
    });

    it("two words of three in common is enough (4/6); case and punctuation do not matter", () => {
      const result = mergePartTranscripts(
        [
          part(0, [["A", 600.5, 601.5, "Okay, FINE then."]]),
          part(600, [
            ["B", 600.5, 601.5, "okay fine"],
            ["B", 605, 606, "good"],
          ]),
        ],
        [],
      );
      expect(result.segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_01"]);
      const half = mergePartTranscripts(
        [
          part(0, [["A", 600.5, 601.5, "one two three"]]),
          part(600, [
            ["B", 600.5, 601.5, "one two four"],
            ["B", 605, 606, "good"],
          ]),
        ],
        [],
      );
      expect(half.segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_01"]);
    });

    it("one-to-one: the stronger label wins a contested person, the weaker takes its next best or stays new", () => {
      const overlap: Row[] = [
        ["A", 600.1, 601.9, "alpha bravo charlie delta"],
        ["B", 602.1, 603.9, "echo foxtrot golf hotel"],
      ];
      // X finds 8 words with A; Y finds 4 with A and 4 with W (part 0's B): X→A, then Y→B, and W is new.
      const contested = mergePartTranscripts(
        [
          part(0, overlap),
          part(600, [
            ["Y", 600.1, 601.9, "alpha bravo"],
            ["X", 600.1, 601.9, "alpha bravo charlie delta"],
            ["Y", 602.1, 603.9, "echo foxtrot"],
            ["X", 610, 611, "x again"],
            ["Y", 612, 613, "y again"],
          ]),
        ],
        [],
      );
      expect(rows(contested).slice(-2)).toEqual([
        ["SPEAKER_01", 610, 611, "x again"],
        ["SPEAKER_02", 612, 613, "y again"],
      ]);
      // Y's only votes are for A, which X holds: Y is a new person.
      const lost = mergePartTranscripts(
        [
          part(0, overlap),
          part(600, [
            ["Y", 600.1, 601.9, "alpha bravo"],
            ["X", 600.1, 601.9, "alpha bravo charlie delta"],
            ["W", 602.1, 603.9, "echo foxtrot golf hotel"],
            ["X", 610, 611, "x again"],
            ["Y", 612, 613, "y again"],
          ]),
        ],
        [],
      );
      expect(rows(lost).slice(-2)).toEqual([
        ["SPEAKER_01", 610, 611, "x again"],
        ["SPEAKER_03", 612, 613, "y again"],
      ]);
      // Equal votes: the label heard first in part k+1 wins.
      const tie = mergePartTranscripts(
        [
          part(0, overlap),
          part(600, [
            ["Y", 600.1, 601.9, "alpha bravo charlie delta"],
            ["X", 600.1, 601.9, "alpha bravo charlie delta"],
            ["W", 602.1, 603.9, "echo foxtrot golf hotel"],
            ["X", 610, 611, "x again"],
            ["Y", 612, 613, "y again"],
          ]),
        ],
        [],
      );
      expect(
        rows(tie)
          .slice(-2)
          .map(([speaker]) => speaker),
      ).toEqual(["SPEAKER_03", "SPEAKER_01"]);
    });

    it("the majority of the votes decides a label split by the other part", () => {
      // Part 0 heard the overlap as two labels; part 1's P finds 6 words with A and 2 with B: P is A.
      const result = mergePartTranscripts(
        [
          part(0, [
            ["A", 600.1, 601.4, "red green blue"],
            ["B", 601.4, 601.9, "yellow"],
          ]),
          part(600, [
            ["P", 600.1, 601.9, "red green blue yellow"],
            ["P", 610, 611, "and"],
          ]),
        ],
        [],
      );
      expect(rows(result).slice(-1)).toEqual([["SPEAKER_01", 610, 611, "and"]]);
    });

    it("an empty part in the middle breaks the chain: the part after it starts new people (unless references say otherwise)", () => {
      const parts = [part(0, [["A", 10, 12, "before"]]), part(600, []), part(1200, [["A", 1300, 1302, "after"]], true)];
      expect(mergePartTranscripts(parts, []).segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_02"]);
      expect(mergePartTranscripts(parts, ["A"]).segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_01"]);
    });

    it("segments without a speaker are the default speaker; missing ends are filled like the one-piece path", () => {
      const result = mergePartTranscripts(
        [
          {
            startMs: 0,
            transcript: { part: 0, referencesUsed: false, fallback: false, segments: [{ speaker: " ", text: "one two", start: 1, end: Number.NaN }] },
          },
        ],
        [],
      );
      expect(rows(result)).toEqual([["SPEAKER_01", 1, 4, "one two"]]);
    });
  });

  it("a pathological overlap (500 tiny segments in each part) is merged without comparing them all", () => {
    const crowd = (label: string): Row[] => Array.from({ length: 500 }, (_, i) => [label, 600.5 + i / 1000, 600.5 + i / 1000, `x${i}`]);
    const result = mergePartTranscripts([part(0, crowd("A")), part(600, [...crowd("B"), ["B", 610, 611, "after"]])], []);
    expect(result.segments).toHaveLength(501);
    expect(new Set(result.segments.slice(0, 500).map((segment) => segment.text)).size).toBe(500);
    expect(result.segments[500]).toEqual({ speaker: "SPEAKER_01", text: "after", start: 610, end: 611 });
  });

  it("a two-hour conversation of 12 parts and 3,600 segments merges back into the original", () => {
    // The truth: two people taking turns every 2 s (1.6 s of words, 0.4 s of pause) for 7,200 s.
    const truth: Row[] = Array.from({ length: 3600 }, (_, j) => [j % 2 === 0 ? "P" : "Q", 2 * j, 2 * j + 1.6, `w${j}a w${j}b w${j}c`]);
    // Each part hears [600k, 600k + 604) and labels its voices its own way (swapped in every other part).
    const parts = Array.from({ length: 12 }, (_, k) => {
      const start = 600 * k;
      const heard = truth.filter(([, from, to]) => from >= start && to <= start + 604);
      const names = k % 2 === 0 ? { P: "A", Q: "B" } : { P: "speaker_1", Q: "speaker_0" };
      return part(
        start,
        heard.map(([speaker, from, to, text]) => [names[speaker as "P" | "Q"], from, to, text]),
      );
    });
    expect(parts.reduce((count, placed) => count + placed.transcript.segments.length, 0)).toBe(3622);

    const result = mergePartTranscripts(parts, []);
    expect(rows(result)).toEqual(truth.map(([speaker, from, to, text]) => [speaker === "P" ? "SPEAKER_01" : "SPEAKER_02", from, to, text]));

    // Each part's clock off by up to ±0.3 s: every word is still there once, said by the same person.
    const jittered = parts.map((placed, k) => {
      const shift = k === 0 ? 0 : [-0.3, 0.3, -0.1, 0.2, -0.25, 0.05][k % 6]!;
      const segments = placed.transcript.segments.map((segment) => ({ ...segment, start: segment.start + shift, end: segment.end + shift }));
      return { ...placed, transcript: { ...placed.transcript, segments } };
    });
    const merged = mergePartTranscripts(jittered, []);
    expect(merged.segments.map(({ speaker, text }) => [speaker, text])).toEqual(
      truth.map(([speaker, , , text]) => [speaker === "P" ? "SPEAKER_01" : "SPEAKER_02", text]),
    );
    expect(result.speakerStats).toEqual({
      SPEAKER_01: { totalTime: 2880, wordCount: 5400, segments: 1800 },
      SPEAKER_02: { totalTime: 2880, wordCount: 5400, segments: 1800 },
    });
  });
});
