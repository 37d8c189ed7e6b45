// One toast at a time (spec part 1, section 9): a new toast replaces the one showing.

/** How long a toast shows (spec part 1, section 9). */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive" | "success";
export type ToastMessage = { id: number; title: string; description?: string; variant: ToastVariant };

type Listener = () => void;

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(message: { title: string; description?: string; variant?: ToastVariant }): number {
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
