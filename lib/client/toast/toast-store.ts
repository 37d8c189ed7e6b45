// One toast at a time (spec part 1, section 9): a new toast replaces the one showing.

import { SESSION_KEYS } from "@/lib/client/storage/browser-keys";
import { cutText } from "@/lib/domain/text";

/** How long a toast shows (spec part 1, section 9). */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive" | "success";
export type ToastMessage = { id: number; title: string; description?: string; variant: ToastVariant };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };

type Listener = () => void;

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(message: ToastInput): number {
  current = { id: nextId++, title: message.title, description: message.description, variant: message.variant ?? "default" };
  emit();
  return current.id;
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): ToastMessage | null {
  return current;
}

const VARIANTS: readonly ToastVariant[] = ["default", "destructive", "success"];

/**
 * Shows `message` now and keeps it for the page's next load, for a page about to reload itself: the reload would take the
 * toast away before anyone could read it. Without sessionStorage it is only shown now.
 */
export function showToastAcrossReload(message: ToastInput): void {
  showToast(message);
  try {
    sessionStorage.setItem(SESSION_KEYS.toastAfterReload, JSON.stringify(message));
  } catch {
    // Private mode or storage switched off: the toast shows until the reload, as before.
  }
}

/** On a page's load: the toast its previous load kept for it (showToastAcrossReload), shown once. */
export function showToastKeptAcrossReload(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(SESSION_KEYS.toastAfterReload);
    if (raw !== null) sessionStorage.removeItem(SESSION_KEYS.toastAfterReload);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const kept: unknown = JSON.parse(raw);
    if (typeof kept !== "object" || kept === null) return;
    const { title, description, variant } = kept as Record<string, unknown>;
    if (typeof title !== "string" || !title) return;
    showToast({
      title: cutText(title, 200),
      description: typeof description === "string" ? cutText(description, 500) : undefined,
      variant: VARIANTS.find((known) => known === variant) ?? "default",
    });
  } catch {
    // Not ours, or damaged: nothing to show.
  }
}
