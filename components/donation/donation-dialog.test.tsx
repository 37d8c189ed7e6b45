/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";

import { makeQueryClient } from "@/lib/client/api/query-client";
import { DONATION } from "@/lib/domain/donation/amount";

import { DonationDialog } from "./donation-dialog";
import { DONATION_TEXTS } from "./texts";

// "If the payment provider has not loaded within 5 s, the dialog shows a time-out message" (spec part 1 section 4): the
// provider's buttons need the donation settings first, so a settings call that hangs counts against the same 5 s.

jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiJson: jest.fn() }));
jest.mock("./paypal-checkout", () => ({ PayPalCheckout: () => <p>PayPal buttons</p> }));
const { apiJson } = jest.requireMock("@/lib/client/api/request");

const validClientId = "A".repeat(80);

function renderDialog() {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <DonationDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("settings that have not arrived within 5 s: the time-out message with the ad-blocker advice", async () => {
  apiJson.mockImplementation(() => new Promise(() => {}));
  renderDialog();
  expect(screen.getByText(DONATION_TEXTS.loading)).toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(DONATION.loadTimeoutMs - 1));
  expect(screen.queryByText(DONATION_TEXTS.loadTimeout)).not.toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(1));
  expect(screen.getByText(DONATION_TEXTS.loadTimeout)).toBeInTheDocument();
  expect(screen.getByText(DONATION_TEXTS.loadTimeoutHint)).toBeInTheDocument();
});

test("settings that arrive after the time-out still bring the payment buttons", async () => {
  let answer: (config: unknown) => void = () => {};
  apiJson.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderDialog();
  await act(() => jest.advanceTimersByTimeAsync(DONATION.loadTimeoutMs));
  expect(screen.getByText(DONATION_TEXTS.loadTimeout)).toBeInTheDocument();
  await act(async () => {
    answer({ clientId: validClientId, ordersEnabled: true });
    await jest.advanceTimersByTimeAsync(0);
  });
  expect(screen.getByText("PayPal buttons")).toBeInTheDocument();
  expect(screen.queryByText(DONATION_TEXTS.loadTimeout)).not.toBeInTheDocument();
});

test("settings in time: the payment buttons, no time-out message", async () => {
  apiJson.mockResolvedValue({ clientId: validClientId, ordersEnabled: true });
  renderDialog();
  await act(() => jest.advanceTimersByTimeAsync(DONATION.loadTimeoutMs * 2));
  expect(screen.getByText("PayPal buttons")).toBeInTheDocument();
  expect(screen.queryByText(DONATION_TEXTS.loadTimeout)).not.toBeInTheDocument();
});
