import { useState } from "react";

/**
 * True from the first render where `open` is true on: a lazily loaded dialog mounts when first asked to open and then stays
 * mounted, so closing it keeps its exit and its focus return.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render (React's pattern for state derived from props): the dialog mounts in this same render.
  if (open && !opened) setOpened(true);
  return opened || open;
}
