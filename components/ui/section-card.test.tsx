/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";

import { SectionCard } from "./section-card";

describe("SectionCard", () => {
  it.each([
    [2, "H2", "p-6"],
    [3, "H3", "p-5"],
  ] as const)("level %s: a region named by its %s heading, which comes first", (level, tag, padding) => {
    render(
      <SectionCard title="Focus On" headingLevel={level} className="mt-4">
        <p>Body</p>
      </SectionCard>,
    );
    const region = screen.getByRole("region", { name: "Focus On" });
    const heading = screen.getByRole("heading", { level, name: "Focus On" });
    expect(heading.tagName).toBe(tag);
    expect(region.firstElementChild).toBe(heading);
    expect(region).toHaveTextContent("Focus OnBody");
    expect(region).toHaveClass("rounded-card", "bg-white", "shadow-card", padding, "mt-4");
  });

  it("uses the given id for the heading, and a unique one otherwise", () => {
    render(
      <>
        <SectionCard id="history-heading" title="Session History" />
        <SectionCard title="A" />
        <SectionCard title="B" />
      </>,
    );
    expect(screen.getByRole("heading", { name: "Session History" })).toHaveAttribute("id", "history-heading");
    expect(screen.getByRole("heading", { name: "A" }).id).not.toBe(screen.getByRole("heading", { name: "B" }).id);
  });
});
