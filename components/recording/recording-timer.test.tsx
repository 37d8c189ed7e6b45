/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";

import { IdentityContext } from "@/components/auth/identity-context";
import { GrowthOverlay } from "@/components/growth/growth-overlay";
import { completedSession } from "@/components/session-flow/flow-test-fixtures";
import { SoloRecorder } from "@/components/solo/solo-recorder";
import { initialSessionFlowState, type ResultsPhase, type SessionFlowState } from "@/lib/domain/session-flow/machine";
import { testIdentity } from "@/tests/helpers/identity";

import { RelationshipRecorder } from "./relationship-recorder";
import { RECORDING_TEXTS } from "./texts";

// A screen reader says whatever changes inside a live region (aria-live, role status / alert / log). The recording's timer
// changes every second (every half second in Solo Journal): inside such a region it was read out at every tick, over the
// conversation being recorded and over anything else the user tried to hear. The timer is a role="timer" (not live) beside
// the live status line, and is read when the user reaches it.

let mockState: SessionFlowState = initialSessionFlowState;
const noop = () => undefined;
const mockActions = new Proxy({}, { get: () => new Proxy({}, { get: () => noop }) });
jest.mock("@/components/session-flow/session-flow-provider", () => ({ useSessionFlow: () => ({ state: mockState, actions: mockActions }) }));

const guest = testIdentity();
const withIdentity = (children: ReactNode) => <IdentityContext.Provider value={guest}>{children}</IdentityContext.Provider>;

const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
const liveRegionAround = (element: HTMLElement) => element.closest(LIVE);

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(Date.parse("2026-11-26T10:00:00Z"));
});
afterEach(() => jest.useRealTimers());

test("Relationship mode: the running timer is no live region's content, the status line still is", () => {
  mockState = { ...initialSessionFlowState, phase: { name: "recording", startedAt: Date.now(), confirmed: true, reconnecting: false } };
  render(<RelationshipRecorder />);
  act(() => jest.advanceTimersByTime(3000));
  const timer = screen.getByRole("timer", { name: RECORDING_TEXTS.elapsed("00:03") });
  expect(timer).toHaveTextContent("00:03");
  expect(liveRegionAround(timer)).toBeNull();
  expect(liveRegionAround(screen.getByText(RECORDING_TEXTS.inProgress))).not.toBeNull();
});

test("Solo Journal: the timer ticking every 500 ms is no live region's content, the coach's connecting is", () => {
  mockState = {
    ...initialSessionFlowState,
    mode: "solo",
    phase: { name: "recording", startedAt: Date.now(), confirmed: true, reconnecting: false },
  };
  render(withIdentity(<SoloRecorder />));
  act(() => jest.advanceTimersByTime(2000));
  const timer = screen.getByRole("timer", { name: RECORDING_TEXTS.elapsed("00:02") });
  expect(liveRegionAround(timer)).toBeNull();
  // The status as shown is not live (its turns would talk over the coach); the same words are said once in a region of their own.
  expect(liveRegionAround(screen.getByTestId("coach-status"))).toBeNull();
  expect(screen.getAllByText("Connecting to your coach...").filter((line) => liveRegionAround(line) !== null)).toHaveLength(1);
});

test("Growth follow-up: 'Recording in progress' is a status, its timer is not inside it", () => {
  const results: ResultsPhase = {
    name: "results",
    session: completedSession(),
    summaryLoading: false,
    save: "idle",
    growth: { name: "recording", startedAt: Date.now() },
  };
  render(<GrowthOverlay results={results} />);
  act(() => jest.advanceTimersByTime(4000));
  expect(screen.getByRole("status")).toHaveTextContent("Recording in progress");
  const timer = screen.getByRole("timer", { name: RECORDING_TEXTS.elapsed("00:04") });
  expect(liveRegionAround(timer)).toBeNull();
});
