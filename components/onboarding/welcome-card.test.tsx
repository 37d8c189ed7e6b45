/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { ONBOARDING_TEXTS } from "./texts";
import { WelcomeCard } from "./welcome-card";

function Harness({ onTryItOut, onSignIn }: { onTryItOut: () => void; onSignIn?: () => void }) {
  const [ticked, setTicked] = useState(false);
  return <WelcomeCard ticked={ticked} onTick={setTicked} onTryItOut={onTryItOut} onSignIn={onSignIn} />;
}

describe("WelcomeCard", () => {
  it("keeps Try It Out and Sign In disabled until the disclaimer is ticked", async () => {
    const user = userEvent.setup();
    const onTryItOut = jest.fn();
    const onSignIn = jest.fn();
    render(<Harness onTryItOut={onTryItOut} onSignIn={onSignIn} />);
    const tryItOut = screen.getByRole("button", { name: ONBOARDING_TEXTS.tryItOut });
    const signIn = screen.getByRole("button", { name: ONBOARDING_TEXTS.signIn });
    expect(tryItOut).toBeDisabled();
    expect(signIn).toBeDisabled();
    expect(tryItOut).toHaveAccessibleDescription(ONBOARDING_TEXTS.disabledHint);

    await user.click(screen.getByRole("checkbox", { name: ONBOARDING_TEXTS.disclaimer }));
    expect(tryItOut).toBeEnabled();
    await user.click(signIn);
    await user.click(tryItOut);
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onTryItOut).toHaveBeenCalledTimes(1);
  });

  it("names what the disclaimer covers and links the terms and the privacy policy", () => {
    render(<Harness onTryItOut={jest.fn()} />);
    expect(screen.getByRole("checkbox")).toHaveAccessibleName(/not therapy or mental-health treatment.*may be inaccurate.*own risk.*crisis.*professional/);
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  });

  it("has no Sign In button when accounts are off", () => {
    render(<Harness onTryItOut={jest.fn()} />);
    expect(screen.queryByRole("button", { name: ONBOARDING_TEXTS.signIn })).not.toBeInTheDocument();
  });
});
