/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";

import { dismissToast, showToast } from "@/lib/client/toast/toast-store";

import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, Toaster } from "./toaster";

describe("Toaster", () => {
  afterEach(() => act(() => dismissToast()));

  it("shows one toast at a time: the newest replaces the one showing", () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: "Session Deleted" });
      showToast({ title: "Logged out", description: "See you soon" });
    });
    expect(screen.queryByText("Session Deleted")).not.toBeInTheDocument();
    expect(screen.getByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("See you soon")).toBeInTheDocument();
  });

  it("closes after 5000 ms", () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => void showToast({ title: "Profile updated" }));
    expect(screen.getByText("Profile updated")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS + 500));
    expect(screen.queryByText("Profile updated")).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it("uses the spec's constants and announces the F8 hotkey", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    render(<Toaster />);
    expect(screen.getByRole("region", { name: /F8/ })).toBeInTheDocument();
  });
});
