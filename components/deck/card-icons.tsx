import type { ReactNode } from "react";

import { CARD_ICONS, DEFAULT_CARD_ICON, type CardIcon } from "@/lib/domain/analysis/types";

// Drawn here (24 px grid, 2 px strokes) rather than pulled from an icon package: 13 small shapes, no dependency.
const PATHS: Record<CardIcon, ReactNode> = {
  comment: <path d="M21 11.5a8.5 8.5 0 0 1-12.3 7.6L3 20.5l1.5-5A8.5 8.5 0 1 1 21 11.5z" />,
  heart: <path d="M12 20s-7.5-4.6-9.3-9.4A4.9 4.9 0 0 1 12 6.7a4.9 4.9 0 0 1 9.3 3.9C19.5 15.4 12 20 12 20z" />,
  lightbulb: (
    <>
      <path d="M9 18h6M10 21.5h4" />
      <path d="M12 2.5a6.5 6.5 0 0 0-4 11.6c.7.6 1 1.3 1 2.2V17h6v-.7c0-.9.3-1.6 1-2.2a6.5 6.5 0 0 0-4-11.6z" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20.5a6.5 6.5 0 0 1 13 0" />
      <path d="M15.5 4.7a3.5 3.5 0 0 1 0 6.6M18 14.2a6.5 6.5 0 0 1 3.5 6.3" />
    </>
  ),
  "arrow-right": <path d="M4 12h16M14 6l6 6-6 6" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  shield: <path d="M12 2.5l8 3v6c0 5-3.4 8.6-8 10-4.6-1.4-8-5-8-10v-6z" />,
  book: (
    <>
      <path d="M4 19.5V5a2 2 0 0 1 2-2h14v15H6a2 2 0 0 0-2 2 2 2 0 0 0 2 2h14" />
      <path d="M8 7h8" />
    </>
  ),
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M20.5 20.5l-5.3-5.3" />
    </>
  ),
  bullseye: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    </>
  ),
  handshake: (
    <>
      <path d="M2 9l4-3 4 2 2-1" />
      <path d="M22 9l-4-3-5.5 2.2-3 2.8a1.4 1.4 0 0 0 2 2l2.5-1.8 4.5 4.3" />
      <path d="M5 15.5l3.5 3a1.3 1.3 0 0 0 1.9-1.8M10.4 16.7l1.6 1.4a1.3 1.3 0 0 0 1.9-1.8M13.9 16.3l.6.5a1.3 1.3 0 0 0 1.9-1.8M3.5 9.5L5 15.5M18 15.3l2.5-5.8" />
    </>
  ),
  sparkles: (
    <>
      <path d="M10 3l1.8 5.2L17 10l-5.2 1.8L10 17l-1.8-5.2L3 10l5.2-1.8z" />
      <path d="M18.5 14l.9 2.6 2.6.9-2.6.9-.9 2.6-.9-2.6-2.6-.9 2.6-.9z" />
    </>
  ),
};

/** A card's icon; an unknown name (older sessions, model output) falls back to the default, as the spec says. */
export function CardIconView({ icon, className = "h-6 w-6" }: { icon: string; className?: string }) {
  const name: CardIcon = (CARD_ICONS as readonly string[]).includes(icon) ? (icon as CardIcon) : DEFAULT_CARD_ICON;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon={name}
      className={className}
    >
      {PATHS[name]}
    </svg>
  );
}
