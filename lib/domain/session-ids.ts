// Where a session lives, told by its id. The browser names the sessions it keeps "local-{epoch ms}"; the server names
// its rows with UUIDs. Every part of the app asks here rather than looking at the prefix itself.

const DEVICE_SESSION_PREFIX = "local-";

const SERVER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session kept on this device (a guest's, or a recording whose upload failed), never on the server. */
export function isDeviceSessionId(id: string): boolean {
  return id.startsWith(DEVICE_SESSION_PREFIX);
}

/** A session id the server gave out; anything else came from a browser. */
export function isServerSessionId(id: string): boolean {
  return SERVER_ID.test(id);
}

/** "local-{timestamp}", moved on by a millisecond while the id is taken (two sessions kept in the same millisecond). */
export function newDeviceSessionId(timestamp: number, taken: ReadonlySet<unknown> = new Set()): string {
  let candidate = Math.trunc(timestamp);
  while (taken.has(`${DEVICE_SESSION_PREFIX}${candidate}`)) candidate += 1;
  return `${DEVICE_SESSION_PREFIX}${candidate}`;
}
