/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";

import { dismissToast, showToast, TOAST_DURATION_MS } from "@/lib/client/toast/toast-store";

import { isLoadFailure, LoadFailureBoundary } from "./load-failure-boundary";
import { PlainToast } from "./plain-toast";

const chunkLoadError = () => Object.assign(new Error("Failed to load chunk /_next/static/chunks/0abc.js from module 42"), { name: "ChunkLoadError" });

// React reports caught render errors on the console; these tests cause them on purpose.
beforeEach(() => jest.spyOn(console, "error").mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe("LoadFailureBoundary", () => {
  it("shows its fallback, and says so once, when lazily loaded code does not arrive", async () => {
    const Never = lazy(() => Promise.reject(chunkLoadError()));
    const onFailure = jest.fn();
    render(
      <main>
        <p>The rest of the app</p>
        <LoadFailureBoundary fallback={<p>Plain stand-in</p>} onFailure={onFailure}>
          <Suspense fallback={<p>Loading…</p>}>
            <Never />
          </Suspense>
        </LoadFailureBoundary>
      </main>,
    );
    expect(await screen.findByText("Plain stand-in")).toBeInTheDocument();
    expect(screen.getByText("The rest of the app")).toBeInTheDocument();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it("lets any other error go on up to the boundary above it", () => {
    function Broken(): never {
      throw new TypeError("Cannot read properties of undefined (reading 'cards')");
    }
    const onFailure = jest.fn();
    expect(() =>
      render(
        <LoadFailureBoundary onFailure={onFailure}>
          <Broken />
        </LoadFailureBoundary>,
      ),
    ).toThrow("reading 'cards'");
    expect(onFailure).not.toHaveBeenCalled();
  });

  it("knows the browsers' words for a failed download of code", () => {
    expect(isLoadFailure(chunkLoadError())).toBe(true);
    expect(isLoadFailure(new TypeError("Failed to fetch dynamically imported module: https://app/_next/static/chunks/1.js"))).toBe(true);
    expect(isLoadFailure(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isLoadFailure(new TypeError("Failed to fetch"))).toBe(false);
    expect(isLoadFailure("ChunkLoadError")).toBe(false);
  });
});

describe("PlainToast", () => {
  afterEach(() => act(() => dismissToast()));

  it("shows the current toast in a live region, closes on × and after 5000 ms", () => {
    jest.useFakeTimers();
    render(<PlainToast />);
    act(() => void showToast({ title: "Connection Error", description: "Connection error: Your recording is saved locally", variant: "destructive" }));
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent("Connection Error");
    expect(region).toHaveTextContent("Connection error: Your recording is saved locally");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(region).toBeEmptyDOMElement();

    act(() => void showToast({ title: "Session Deleted" }));
    expect(region).toHaveTextContent("Session Deleted");
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS + 10));
    expect(region).toBeEmptyDOMElement();
    jest.useRealTimers();
  });
});
