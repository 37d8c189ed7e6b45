/**
 * A list with small round bullets; colours come from the surface it sits on. `compact` for lists above a screen's main action
 * (the recorder's tips), which must leave that action in the first screen of a phone.
 */
export function BulletList({
  items,
  dotClassName,
  className = "",
  compact = false,
}: {
  items: readonly string[];
  dotClassName: string;
  className?: string;
  compact?: boolean;
}) {
  return (
    <ul className={`flex flex-col ${compact ? "gap-1" : "gap-2"} ${className}`}>
      {items.map((item) => (
        <li key={item} className={`flex gap-2 ${compact ? "leading-snug" : "leading-relaxed"}`}>
          <span aria-hidden className={`${compact ? "mt-2" : "mt-2.5"} h-1.5 w-1.5 shrink-0 rounded-full ${dotClassName}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
