/**
 * `operation`, or the rejection `late()` makes once `ms` have passed without its answer. The timer is cleared either way;
 * the operation itself is left to settle (nothing here can cancel it).
 */
export function withDeadline<T>(operation: Promise<T>, ms: number, late: () => unknown): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([operation, deadline]).finally(() => clearTimeout(timer));
}
