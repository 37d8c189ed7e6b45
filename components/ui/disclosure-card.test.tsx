/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { DisclosureCard } from "./disclosure-card";

describe("DisclosureCard", () => {
  it("is a heading button that shows and hides the body it controls", async () => {
    render(
      <DisclosureCard header={<span>Curiosity</span>} headingLevel={4} as="article">
        <p>You asked open questions.</p>
      </DisclosureCard>,
    );
    const button = screen.getByRole("button", { name: "Curiosity" });
    expect(button.parentElement?.tagName).toBe("H4");
    expect(button.closest("article")).not.toBeNull();
    expect(button).toHaveAttribute("aria-expanded", "false");
    const body = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(body).toHaveTextContent("You asked open questions.");
    expect(body).not.toBeVisible();

    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(body).toBeVisible();
    await userEvent.click(button);
    expect(body).not.toBeVisible();
  });

  it("can start open, as a section under an h3 by default", () => {
    render(
      <DisclosureCard header="Growth Conversation" defaultOpen>
        <p>Lines</p>
      </DisclosureCard>,
    );
    const button = screen.getByRole("heading", { level: 3, name: "Growth Conversation" }).querySelector("button")!;
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button.closest("section")).not.toBeNull();
    expect(screen.getByText("Lines")).toBeVisible();
  });
});
