"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { useFocusReturn } from "@/components/ui/focus-return";
import { FIELD_CLASSES } from "@/components/ui/text-field";
import { apiJson } from "@/lib/client/api/request";
import { checkClientId, checkDonationAmount, DONATION, sanitizeAmountInput } from "@/lib/domain/donation/amount";

import { LoadTimeout } from "./load-timeout";
import { PayPalCheckout, type CheckoutOutcome } from "./paypal-checkout";
import { DONATION_TEXTS as T } from "./texts";

type DonationConfig = { clientId: string | null; ordersEnabled: boolean };

/** Status of spec part 1, section 4: idle, then error on a failure or success on capture. */
type Status = { kind: "idle" } | { kind: "error"; message: string } | { kind: "success" };

/**
 * "Buy Us A Drink": amount chips 1 / 2 / 5 (2 by default), a custom amount, and PayPal's buttons. Closing resets the amount
 * to 2 and clears the custom field, the errors and the load state; a success closes it after 2400 ms.
 */
export function DonationDialog({ open, onOpenChange, onSuccess }: { open: boolean; onOpenChange: (open: boolean) => void; onSuccess?: () => void }) {
  const returnFocusOnClose = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocusOnClose}
          className="fixed left-1/2 top-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none"
        >
          {/* Unmounted when closed (Radix), so the next opening starts from the defaults: the reset of the spec. */}
          <DonationBody
            onClose={() => onOpenChange(false)}
            onSuccess={() => {
              onSuccess?.();
              onOpenChange(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DonationBody({ onClose, onSuccess }: { onClose: () => void; onSuccess: () => void }) {
  const [preset, setPreset] = useState<number>(DONATION.defaultAmount);
  const [custom, setCustom] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const customId = useId();
  const config = useQuery({
    queryKey: ["donations", "config"],
    queryFn: () => apiJson<DonationConfig>("GET", "/api/donations/config"),
    gcTime: 0,
  });

  // The buttons need these settings first: settings not here within the 5 s count as PayPal not loading (spec part 1
  // section 4). They still bring the buttons if they come later.
  const [configLate, setConfigLate] = useState(false);
  const configPending = config.isPending;
  useEffect(() => {
    if (!configPending) return;
    const timer = setTimeout(() => setConfigLate(true), DONATION.loadTimeoutMs);
    return () => clearTimeout(timer);
  }, [configPending]);

  useEffect(() => {
    if (status.kind !== "success") return;
    const timer = setTimeout(onSuccess, DONATION.successCloseDelayMs);
    return () => clearTimeout(timer);
  }, [status.kind, onSuccess]);

  const amount = checkDonationAmount(preset, custom);

  if (status.kind === "success") {
    return (
      <>
        {/* The dialog keeps its name; the thanks are its status. */}
        <Dialog.Title className="font-serif text-xl font-semibold text-ink">{T.title}</Dialog.Title>
        <div role="status" className="py-6 text-center">
          <h3 className="font-serif text-3xl font-semibold text-ink">{T.successTitle}</h3>
          <Dialog.Description className="mt-2 text-lg text-ink-soft">{T.successMessage}</Dialog.Description>
        </div>
      </>
    );
  }

  const onOutcome = (outcome: CheckoutOutcome) => {
    if (outcome === "captured") setStatus({ kind: "success" });
    else if (outcome === "cancelled") setStatus({ kind: "idle" });
    else setStatus({ kind: "error", message: outcome === "create-failed" ? T.createError : T.captureError });
  };

  return (
    <>
      <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{T.title}</Dialog.Title>
      <Dialog.Description className="mt-2 leading-relaxed text-ink-soft">{T.description}</Dialog.Description>

      <fieldset className="mt-4">
        <legend className="font-semibold text-ink">{T.amountsLabel}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {DONATION.presets.map((value) => {
            const selected = custom === "" && preset === value;
            return (
              <button
                key={value}
                type="button"
                aria-pressed={selected}
                onClick={() => {
                  setPreset(value);
                  setCustom("");
                }}
                className={`min-h-12 rounded-full border text-lg font-semibold transition-colors ${
                  selected ? "border-deep-teal-700 bg-deep-teal-700 text-white" : "border-deep-teal-100 bg-white text-deep-teal-800 hover:bg-deep-teal-50"
                }`}
              >
                {T.presetLabel(value)}
              </button>
            );
          })}
        </div>
        <label htmlFor={customId} className="mt-3 block text-sm font-semibold text-ink">
          {T.customLabel}
        </label>
        <div className="relative mt-1">
          <span aria-hidden className="pointer-events-none absolute left-4 top-1/2 -translate-y-1/2 text-ink-soft">
            $
          </span>
          <input
            id={customId}
            inputMode="decimal"
            autoComplete="off"
            placeholder={T.customPlaceholder}
            value={custom}
            aria-describedby={amount.kind === "below-minimum" ? `${customId}-min` : undefined}
            aria-invalid={custom !== "" && amount.kind === "below-minimum" ? true : undefined}
            onChange={(event) => setCustom(sanitizeAmountInput(event.target.value))}
            className={`${FIELD_CLASSES} pl-8`}
          />
        </div>
        {custom !== "" && amount.kind === "below-minimum" ? (
          <p id={`${customId}-min`} role="alert" className="mt-1 text-sm font-semibold text-soft-tangerine-700">
            {T.minimum}
          </p>
        ) : null}
      </fieldset>

      {status.kind === "error" ? (
        <p role="alert" className="mt-4 rounded-2xl bg-soft-tangerine-100 p-3 text-sm font-semibold text-soft-tangerine-700">
          {status.message}
        </p>
      ) : null}

      <div className="mt-4">
        <PaymentArea
          config={config.data}
          configFailed={config.isError || (configPending && configLate)}
          amountCheck={amount.kind}
          orderValue={amount.kind === "ok" ? amount.value : ""}
          onStart={() => setStatus({ kind: "idle" })}
          onOutcome={onOutcome}
        />
      </div>

      <Button variant="ghost" className="mt-3 w-full" onClick={onClose}>
        {T.close}
      </Button>
    </>
  );
}

function PaymentArea({
  config,
  configFailed,
  amountCheck,
  orderValue,
  onStart,
  onOutcome,
}: {
  config: DonationConfig | undefined;
  configFailed: boolean;
  amountCheck: "ok" | "below-minimum" | "above-maximum";
  orderValue: string;
  onStart: () => void;
  onOutcome: (outcome: CheckoutOutcome) => void;
}) {
  if (configFailed) return <LoadTimeout />;
  if (!config) return <p className="text-center text-sm text-ink-soft">{T.loading}</p>;

  const clientId = checkClientId(config.clientId);
  if (clientId === "missing") return <Notice>{T.clientIdMissing}</Notice>;
  if (clientId === "invalid") {
    return (
      <div role="alert" className="rounded-2xl bg-soft-tangerine-100 p-3 text-sm text-soft-tangerine-700">
        <p className="font-semibold">{T.invalidClientId}</p>
        <p className="mt-1">{T.invalidClientIdHint}</p>
      </div>
    );
  }
  if (!config.ordersEnabled) return <Notice>{T.ordersDisabled}</Notice>;

  // Below $1 the payment buttons are replaced by a disabled button (spec part 1, section 5). The checkout stays mounted
  // underneath, hidden, so the SDK is not loaded again when the amount becomes valid.
  const blocked = amountCheck === "below-minimum" ? T.enterAtLeast : amountCheck === "above-maximum" ? T.enterAtMost : null;
  return (
    <>
      {blocked ? (
        <Button className="w-full" disabled>
          {blocked}
        </Button>
      ) : null}
      <div hidden={blocked !== null}>
        <PayPalCheckout clientId={config.clientId!} orderValue={orderValue} onStart={onStart} onOutcome={onOutcome} />
      </div>
    </>
  );
}

function Notice({ children }: { children: string }) {
  return <p className="rounded-2xl bg-cream-100 p-3 text-sm text-ink">{children}</p>;
}
