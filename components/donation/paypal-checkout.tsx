"use client";

import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useEffect, useState } from "react";

import { apiJson, ApiRequestError } from "@/lib/client/api/request";
import { DONATION } from "@/lib/domain/donation/amount";

import { captureOrder } from "./capture-order";
import { LoadTimeout } from "./load-timeout";
import { DONATION_TEXTS as T } from "./texts";

export type CheckoutOutcome = "captured" | "cancelled" | "create-failed" | "capture-failed";

/** This response's CSP nonce (every server-rendered script carries it): PayPal's SDK puts it on the inline code it adds. */
function pageNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/**
 * PayPal's buttons, loaded from PayPal's SDK. The order is created and captured by our server (app/api/donations/…), which
 * holds the secret, as PayPal's standard checkout recommends.
 */
export function PayPalCheckout({
  clientId,
  orderValue,
  onStart,
  onOutcome,
}: {
  clientId: string;
  /** The amount as PayPal's decimal string; @paypal/react-paypal-js hands the buttons the latest callbacks, so it is current. */
  orderValue: string;
  onStart: () => void;
  onOutcome: (outcome: CheckoutOutcome) => void;
}) {
  const [nonce] = useState(pageNonce);
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: DONATION.currency,
        intent: "capture",
        components: "buttons",
        // Venmo would need its own hosts in the Content-Security-Policy; PayPal and cards cover a tip.
        disableFunding: "venmo",
        ...(nonce ? { dataCspNonce: nonce } : {}),
      }}
    >
      <Buttons orderValue={orderValue} onStart={onStart} onOutcome={onOutcome} />
    </PayPalScriptProvider>
  );
}

function Buttons({ orderValue, onStart, onOutcome }: { orderValue: string; onStart: () => void; onOutcome: (outcome: CheckoutOutcome) => void }) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!isPending) return;
    const timer = setTimeout(() => setTimedOut(true), DONATION.loadTimeoutMs);
    return () => clearTimeout(timer);
  }, [isPending]);

  // A blocked script (an ad blocker) fails at once; the advice is the same as for one that never arrives.
  if (isRejected || (isPending && timedOut)) return <LoadTimeout />;
  return (
    <>
      {isPending ? <p className="text-center text-sm text-ink-soft">{T.loading}</p> : null}
      <PayPalButtons
        style={{ layout: "vertical", shape: "pill", label: "paypal" }}
        createOrder={async () => {
          onStart();
          try {
            const order = await apiJson<{ id: string }>("POST", "/api/donations/orders", { body: { amount: orderValue, currency: DONATION.currency } });
            return order.id;
          } catch (error) {
            onOutcome("create-failed");
            throw error;
          }
        }}
        onApprove={async (data, actions) => {
          try {
            await captureOrder(data.orderID);
            onOutcome("captured");
          } catch (error) {
            // A declined card: PayPal's window reopens so the buyer can choose another way to pay.
            if (error instanceof ApiRequestError && error.status === 422 && error.body.includes("INSTRUMENT_DECLINED")) return actions.restart();
            onOutcome("capture-failed");
          }
        }}
        onCancel={() => onOutcome("cancelled")}
        // Our createOrder already reported its failure; anything else the SDK reports happened while starting the checkout.
        onError={() => onOutcome("create-failed")}
      />
    </>
  );
}
