/** A list with small round bullets; colours come from the surface it sits on. */
export function BulletList({ items, dotClassName, className = "" }: { items: readonly string[]; dotClassName: string; className?: string }) {
  return (
    <ul className={`flex flex-col gap-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 leading-relaxed">
          <span aria-hidden className={`mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full ${dotClassName}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
