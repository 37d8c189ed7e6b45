import { markdownToPlainText } from "./markdown-text";

describe("markdownToPlainText", () => {
  it.each([
    ["plain text is unchanged", "SPEAKER_01: We talked.\nSPEAKER_02: Yes.", "SPEAKER_01: We talked.\nSPEAKER_02: Yes."],
    ["strong", "You both **listened** well.", "You both listened well."],
    ["strong with underscores", "You both __listened__ well.", "You both listened well."],
    ["emphasis", "It *mattered* and _landed_.", "It mattered and landed."],
    ["bold speaker label", "**SPEAKER_01:** I felt unheard.", "SPEAKER_01: I felt unheard."],
    ["underscores inside words stay", "SPEAKER_01 and my_file_name", "SPEAKER_01 and my_file_name"],
    ["an unpaired marker left by a cut is dropped", "We agreed to **make time", "We agreed to make time"],
    ["arithmetic is not emphasis", "5 * 3 * 2", "5 * 3 * 2"],
    ["strikethrough", "~~never~~ sometimes", "never sometimes"],
    ["headings", "# Summary\n### Next steps ###", "Summary\nNext steps"],
    ["a hash inside a line stays", "We are #1 at this", "We are #1 at this"],
    ["blockquote", "> A quote\n> > nested", "A quote\nnested"],
    ["bullets and task boxes", "- one\n* two\n+ three\n- [x] done", "one\ntwo\nthree\ndone"],
    ["numbered lines stay numbered", "1. First\n2. Second", "1. First\n2. Second"],
    ["links keep their words", "Read [the guide](https://example.com) or [this](javascript:alert(1)).", "Read the guide or this."],
    ["reference links", "See [the guide][1].", "See the guide."],
    ["images keep their alt text", "![A heart](https://tracker.example/pixel.png) here", "A heart here"],
    ["autolinks", "Visit <https://example.com>.", "Visit https://example.com."],
    ["inline code", "Say `thank you` more.", "Say thank you more."],
    ["code fences", "```\ncode\n```", "\ncode\n"],
    ["thematic breaks", "Above\n---\nBelow", "Above\n\nBelow"],
    ["HTML tags", "<b>Bold</b> <br/> and <3 and a < b > c", "Bold  and <3 and a < b > c"],
    ["escapes", "\\*not emphasis\\*", "*not emphasis*"],
    ["empty", "", ""],
  ])("%s", (_name, markdown, expected) => {
    expect(markdownToPlainText(markdown)).toBe(expected);
  });
});
