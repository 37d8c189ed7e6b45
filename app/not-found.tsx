import Link from "next/link";

import { SHELL_TEXTS as T } from "@/components/shell/texts";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p aria-hidden className="font-serif text-6xl font-semibold text-soft-tangerine-700">
        404
      </p>
      <h1 className="font-serif text-3xl font-semibold text-ink">{T.notFoundTitle}</h1>
      <p className="leading-relaxed text-ink-soft">{T.notFoundBody}</p>
      <Link href="/" className={buttonClasses("primary", "mt-2")}>
        {T.notFoundAction}
      </Link>
    </main>
  );
}
