import type { Page, Route } from "@playwright/test";

// PayPal's JavaScript SDK, answered at the network boundary (https://www.paypal.com/sdk/js?...): a stand-in with the
// surface @paypal/react-paypal-js uses (paypal.Buttons(options) → isEligible, render, close, updateProps). Its one button
// plays the buyer: it calls the app's createOrder, then onApprove with the order id (or onCancel), exactly as PayPal's
// window does once the buyer has approved. Everything after that — the app's server creating and capturing the order — runs
// for real against the fake PayPal REST API of tests/fake-providers/server.mjs.

export const FAKE_PAYPAL_BUTTON = "Pay with PayPal (test)";

const SDK_SOURCE = `
(() => {
  window.paypal = {
    version: "5.0.0-fake",
    FUNDING: { PAYPAL: "paypal", CARD: "card", VENMO: "venmo" },
    Buttons(options) {
      let container = null;
      return {
        isEligible: () => true,
        updateProps: async () => {},
        close: async () => { if (container) container.replaceChildren(); },
        render: async (target) => {
          container = typeof target === "string" ? document.querySelector(target) : target;
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = ${JSON.stringify(FAKE_PAYPAL_BUTTON)};
          button.addEventListener("click", async () => {
            const actions = { restart: () => {}, redirect: () => {} };
            let orderID;
            try {
              orderID = await options.createOrder({ paymentSource: "paypal" }, actions);
            } catch (error) {
              if (options.onError) options.onError(error);
              return;
            }
            if (window.__fakePayPalBuyer === "cancel") {
              if (options.onCancel) options.onCancel({ orderID });
              return;
            }
            try {
              await options.onApprove({ orderID, payerID: "FAKEPAYER1", paymentSource: "paypal", facilitatorAccessToken: "fake" }, actions);
            } catch (error) {
              if (options.onError) options.onError(error);
            }
          });
          container.appendChild(button);
        },
      };
    },
  };
})();
`;

/** Serves the fake SDK for every SDK request of `page`, after `delayMs` (the load time-out). Returns the SDK URLs asked for. */
export async function answerPayPalSdk(page: Page, { delayMs = 0 }: { delayMs?: number } = {}): Promise<string[]> {
  const requested: string[] = [];
  await page.route("https://www.paypal.com/sdk/js**", async (route: Route) => {
    requested.push(route.request().url());
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ status: 200, contentType: "application/javascript", body: SDK_SOURCE }).catch(() => {
      // The page may be gone by then (a test that only waited for the time-out message).
    });
  });
  return requested;
}
