/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { CoachMarkdown, CoachResponse } from "./coach-response";

const MARKDOWN = [
  "Read [the guide](https://example.org/guide), [write to us](mailto:hello@example.org) or [see guides](/guides).",
  "",
  "Not links: [script link](javascript:alert(1)), [shouting](JAVASCRIPT:alert(2)) and [data link](data:text/html;base64,PHNjcmlwdD4=).",
  "",
  '<a href="javascript:alert(3)">raw html link</a> <script>alert(4)</script>',
].join("\n");

describe("CoachMarkdown", () => {
  it("lets a Hebrew summary set its own direction, with list indents on the start side, and a long link wrap", () => {
    const { container } = render(
      <CoachMarkdown>{"שיחה טובה.\n\n- הקשבתם זה לזה\n\nhttps://example.org/a-very-long-link-with-no-spaces-at-all-in-it"}</CoachMarkdown>,
    );
    const root = container.firstElementChild!;
    expect(root).toHaveAttribute("dir", "auto");
    expect(root).toHaveClass("wrap-anywhere");
    expect(screen.getByRole("list")).toHaveClass("ps-5");
  });

  it("keeps https, mailto and relative links", () => {
    render(<CoachMarkdown>{MARKDOWN}</CoachMarkdown>);
    expect(screen.getByRole("link", { name: "the guide" })).toHaveAttribute("href", "https://example.org/guide");
    expect(screen.getByRole("link", { name: "write to us" })).toHaveAttribute("href", "mailto:hello@example.org");
    expect(screen.getByRole("link", { name: "see guides" })).toHaveAttribute("href", "/guides");
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });

  it("shows the words of javascript: and data: links without a link", () => {
    const { container } = render(<CoachMarkdown>{MARKDOWN}</CoachMarkdown>);
    for (const name of ["script link", "shouting", "data link"]) {
      expect(screen.getByText(name)).toBeInTheDocument();
      expect(screen.queryByRole("link", { name })).not.toBeInTheDocument();
    }
    expect(container.innerHTML).not.toMatch(/javascript:|data:text/i);
  });

  it("shows the words of a link to another host dressed as a relative one (//host) without a link", () => {
    const { container } = render(<CoachMarkdown>{"[sign in again](//evil.example/sign-in) or [your history](<//evil.example/history>)"}</CoachMarkdown>);
    for (const name of ["sign in again", "your history"]) {
      expect(screen.getByText(name)).toBeInTheDocument();
      expect(screen.queryByRole("link", { name })).not.toBeInTheDocument();
    }
    expect(container.innerHTML).not.toContain("evil.example");
  });

  it("renders no raw HTML", () => {
    const { container } = render(<CoachMarkdown>{MARKDOWN}</CoachMarkdown>);
    expect(container.querySelector("script")).toBeNull();
    expect(screen.queryByText("raw html link")).not.toBeInTheDocument();
  });

  it("renders markdown structure and no remote images", () => {
    const { container } = render(<CoachMarkdown>{"# Big\n\n- **one**\n- two\n\n![a pixel](https://tracker.example/p.png)"}</CoachMarkdown>);
    expect(screen.getByRole("heading", { level: 3, name: "Big" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("a pixel")).toBeInTheDocument();
  });

  it.each([
    [3, 3, 4],
    [4, 4, 5],
  ] as const)("with headingLevel %s, # and ## become h%s, ### to ###### h%s", (headingLevel, major, minor) => {
    render(<CoachMarkdown headingLevel={headingLevel}>{"# One\n\n## Two\n\n### Three\n\n###### Six"}</CoachMarkdown>);
    for (const name of ["One", "Two"]) expect(screen.getByRole("heading", { name })).toHaveProperty("tagName", `H${major}`);
    for (const name of ["Three", "Six"]) expect(screen.getByRole("heading", { name })).toHaveProperty("tagName", `H${minor}`);
  });
});

describe("CoachResponse", () => {
  it("shows the summary with 'Continue to Insights' and the optional transcript button", async () => {
    const user = userEvent.setup();
    const onContinue = jest.fn();
    const onShowTranscript = jest.fn();
    render(<CoachResponse analysis={{ coachResponse: "You **listened** well.", source: "ai" }} onContinue={onContinue} onShowTranscript={onShowTranscript} />);
    expect(screen.getByRole("heading", { level: 2, name: "Conversation Summary" })).toBeInTheDocument();
    expect(screen.getByText("listened")).toBeInTheDocument();
    expect(screen.queryByText("Offline analysis")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "View transcript" }));
    await user.click(screen.getByRole("button", { name: "Continue to Insights" }));
    expect(onShowTranscript).toHaveBeenCalledTimes(1);
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("labels offline analysis, hides the transcript button without a handler and defaults a blank response", () => {
    render(<CoachResponse analysis={{ coachResponse: "  ", source: "offline" }} onContinue={jest.fn()} />);
    expect(screen.getByText("Offline analysis")).toBeInTheDocument();
    expect(screen.getByText(/without an AI model, because no AI provider is set up\./)).toBeInTheDocument();
    expect(screen.getByText("Coach response not available")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "View transcript" })).not.toBeInTheDocument();
  });
});
