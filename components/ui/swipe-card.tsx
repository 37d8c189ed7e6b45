"use client";

import { useRef, useState, type ReactNode } from "react";

import { isTap, SWIPE_THRESHOLDS, swipeOutcome, swipeTiltDegrees, swipeTint, type SwipeDirection } from "@/lib/domain/swipe";

const TINTS = { positive: "ring-4 ring-deep-teal-600/60 bg-deep-teal-50", negative: "ring-4 ring-[#c0392b]/50 bg-[#fdecea]", none: "bg-white" };

/**
 * A card that can be dragged left or right (pointer events: touch, pen and mouse). Past `commitThreshold` it flies out and
 * reports the direction; past 50 px it tints. Buttons beside it must offer the same choices for keyboard and screen readers.
 */
export function SwipeCard({
  children,
  onSwipe,
  onTap,
  disabled = false,
  commitThreshold = SWIPE_THRESHOLDS.commitDeck,
  tiltPerPx = SWIPE_THRESHOLDS.tiltPerPx,
  className = "",
  label,
}: {
  children: ReactNode;
  onSwipe: (direction: SwipeDirection) => void;
  onTap?: () => void;
  disabled?: boolean;
  commitThreshold?: number;
  tiltPerPx?: number;
  className?: string;
  label?: string;
}) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [dx, setDx] = useState(0);
  const [leaving, setLeaving] = useState<SwipeDirection | null>(null);
  const [dragging, setDragging] = useState(false);

  const tint = disabled ? null : swipeTint(dx);
  const offset = leaving ? (leaving === "right" ? 600 : -600) : dx;

  return (
    <div
      role="group"
      aria-label={label}
      aria-disabled={disabled || undefined}
      data-swipe-dx={Math.round(dx)}
      className={`relative touch-pan-y select-none rounded-card shadow-card ${tint ? TINTS[tint] : TINTS.none} ${className}`}
      style={{
        transform: `translateX(${offset}px) rotate(${swipeTiltDegrees(offset, tiltPerPx)}deg)`,
        transition: dragging ? "none" : `transform ${SWIPE_THRESHOLDS.animationMs}ms ease-out, background-color 150ms`,
      }}
      onPointerDown={(event) => {
        if (disabled || leaving) return;
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
        setDragging(true);
      }}
      onPointerMove={(event) => {
        if (!start.current || start.current.id !== event.pointerId) return;
        const moved = event.clientX - start.current.x;
        // Captured only once it is a drag: a tap must still reach buttons inside the card as a click.
        if (!isTap(moved, 0) && !event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.setPointerCapture?.(event.pointerId);
        setDx(moved);
      }}
      onPointerUp={(event) => {
        if (!start.current) return;
        const moved = { x: event.clientX - start.current.x, y: event.clientY - start.current.y };
        start.current = null;
        setDragging(false);
        const direction = swipeOutcome(moved.x, commitThreshold);
        if (direction) {
          setLeaving(direction);
          window.setTimeout(() => {
            onSwipe(direction);
            setLeaving(null);
            setDx(0);
          }, SWIPE_THRESHOLDS.animationMs);
          return;
        }
        setDx(0);
        if (isTap(moved.x, moved.y)) onTap?.();
      }}
      onPointerCancel={() => {
        start.current = null;
        setDragging(false);
        setDx(0);
      }}
    >
      {children}
    </div>
  );
}
