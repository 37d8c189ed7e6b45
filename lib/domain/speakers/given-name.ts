// Speaker ids and names come from the request: an id such as "__proto__" or "constructor" read from a plain object would
// find Object.prototype's members, not a name. Every lookup of a given name goes through here.

/** The name given to `speaker` in `names`: an own string property only, else undefined. */
export function givenName(names: Readonly<Record<string, unknown>> | null | undefined, speaker: string): string | undefined {
  if (!names || !Object.hasOwn(names, speaker)) return undefined;
  const name = names[speaker];
  return typeof name === "string" ? name : undefined;
}
