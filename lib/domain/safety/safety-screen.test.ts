import { screenForSafety } from "./safety-screen";

describe("screenForSafety", () => {
  test.each([
    ["Ana: Sometimes I think about killing myself.", ["self-harm"]],
    ["Ben: I’ve had suicidal thoughts since spring.", ["self-harm"]],
    ["Ana: Honestly everyone would be better off without me.", ["self-harm"]],
    ["Ana: I don't want to be here anymore.", ["self-harm"]],
    ["Ben: If you do that again I'll kill you.", ["violence"]],
    ["Ana: He hit me last week.", ["violence"]],
    ["Ana: You threatened to leave with the kids.", ["violence"]],
    ["Ana: He grabbed a knife and pointed it at me.", ["violence"]],
    ["Ana: I'm scared of him, he won't let me see my friends.", ["abuse"]],
    ["Ana: That was abusive and you know it.", ["abuse"]],
    ["Ben: You take all my money and check my phone.", ["abuse"]],
    ["Ana: He slapped me and I'm afraid to go home.", ["violence", "abuse"]],
  ])("%s → %j", (transcript, kinds) => {
    expect(screenForSafety(transcript)).toEqual({ concern: true, kinds });
  });

  test.each([
    ["Ana: I could kill for a coffee right now."],
    ["Ben: You're killing it at work lately."],
    ["Ana: This traffic is killing me."],
    ["Ben: Let's hit the gym together on Saturday."],
    ["Ana: I'm dying to see that film."],
    ["Ben: The knife drawer is a mess again."],
    ["Ana: We never get time for us, and I miss you."],
    [""],
  ])("an everyday figure of speech is not a concern: %s", (transcript) => {
    expect(screenForSafety(transcript)).toEqual({ concern: false, kinds: [] });
  });
});
