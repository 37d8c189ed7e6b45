/** Resolves after `ms`: the spec's step delays between screens of a flow. */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
