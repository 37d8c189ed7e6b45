import { withDeadline } from "@/lib/domain/with-deadline";

/**
 * How long a screen or a feature waits for its lazily loaded code. Turbopack's chunk loader waits on a <script> with no
 * time limit of its own: a download that stalls rather than fails would leave its spinner (or "connecting") up for good.
 */
export const LAZY_CODE_TIMEOUT_MS = 30_000;

/**
 * `load`, or past the bound the error a failed chunk download gives (a ChunkLoadError), which the load-failure boundaries
 * (components/ui/load-failure-boundary.tsx) and the callers already turn into "could not load, please reload".
 */
export function loadCodeWithin<T>(load: Promise<T>, ms = LAZY_CODE_TIMEOUT_MS): Promise<T> {
  return withDeadline(load, ms, () => Object.assign(new Error(`Loading chunk timed out after ${ms / 1000} s`), { name: "ChunkLoadError" }));
}
