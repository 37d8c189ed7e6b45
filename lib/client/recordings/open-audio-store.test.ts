/** @jest-environment node */
import "fake-indexeddb/auto";

import { IDBFactory } from "fake-indexeddb";
import { get, promisifyRequest, set } from "idb-keyval";

import { openAudioStore } from "./open-audio-store";

const DATABASE = "coach-audio";
const STORE = "recordings";

/** A database as something other than this store left it: `stores` and nothing else, at `version`. */
async function makeDatabase(version: number, stores: string[], rows: Record<string, [string, unknown][]> = {}) {
  const request = indexedDB.open(DATABASE, version);
  request.onupgradeneeded = () => stores.forEach((name) => request.result.createObjectStore(name));
  const database = await promisifyRequest(request);
  for (const [name, entries] of Object.entries(rows)) {
    const transaction = database.transaction(name, "readwrite");
    entries.forEach(([key, value]) => transaction.objectStore(name).put(value, key));
    await promisifyRequest(transaction as unknown as IDBRequest);
  }
  database.close();
}

async function describeDatabase() {
  const database = await promisifyRequest(indexedDB.open(DATABASE));
  const shape = { version: database.version, stores: Array.from(database.objectStoreNames).sort() };
  database.close();
  return shape;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe("openAudioStore", () => {
  it("creates the database with its store on first use", async () => {
    const store = openAudioStore(DATABASE, STORE);
    await set(["meta", "a"], { id: "a" }, store);
    expect(await get(["meta", "a"], store)).toEqual({ id: "a" });
    expect(await describeDatabase()).toEqual({ version: 1, stores: [STORE] });
  });

  it("adds the store to a database that exists without it, one version up, and keeps what else it holds", async () => {
    await makeDatabase(3, ["other"], { other: [["kept", "value"]] });

    const store = openAudioStore(DATABASE, STORE);
    await set(["chunk", "a", 0], new ArrayBuffer(4), store);

    expect(await get(["chunk", "a", 0], store)).toBeInstanceOf(ArrayBuffer);
    expect(await describeDatabase()).toEqual({ version: 4, stores: ["other", STORE] });
    expect(await get("kept", openAudioStore(DATABASE, "other"))).toBe("value");
  });

  it("leaves a database that already has the store at its version", async () => {
    await makeDatabase(2, [STORE]);
    await set("k", 1, openAudioStore(DATABASE, STORE));
    expect(await describeDatabase()).toEqual({ version: 2, stores: [STORE] });
  });

  it("does not block another tab that opens a newer version, and reconnects for the next operation", async () => {
    const store = openAudioStore(DATABASE, STORE);
    await set("before", 1, store);

    const newer = indexedDB.open(DATABASE, 2);
    let blocked = false;
    newer.onblocked = () => (blocked = true);
    (await promisifyRequest(newer)).close();

    expect(blocked).toBe(false);
    await set("after", 2, store);
    expect([await get("before", store), await get("after", store)]).toEqual([1, 2]);
  });

  it("does not block another tab deleting the database, and starts afresh on the next operation", async () => {
    const store = openAudioStore(DATABASE, STORE);
    await set("gone", 1, store);

    const deletion = indexedDB.deleteDatabase(DATABASE);
    let blocked = false;
    deletion.onblocked = () => (blocked = true);
    await promisifyRequest(deletion);

    expect(blocked).toBe(false);
    expect(await get("gone", store)).toBeUndefined();
    await set("new", 1, store);
    expect(await get("new", store)).toBe(1);
  });

  it("does not wait for good on a tab that holds the database open and ignores versionchange: it fails now, and works once that tab closes", async () => {
    await makeDatabase(1, []);
    // A connection as idb-keyval's createStore (a tab on an older build) keeps it: no versionchange handler.
    const olderTab = await promisifyRequest(indexedDB.open(DATABASE));
    const store = openAudioStore(DATABASE, STORE);

    await expect(set("k", 1, store)).rejects.toMatchObject({ name: "InvalidStateError" });

    olderTab.close();
    await set("k", 1, store);
    expect(await get("k", store)).toBe(1);
    expect(await describeDatabase()).toEqual({ version: 2, stores: [STORE] });
  });

  it("lets two tabs repair the same database at once without losing either's write", async () => {
    await makeDatabase(1, []);
    const [first, second] = [openAudioStore(DATABASE, STORE), openAudioStore(DATABASE, STORE)];

    await Promise.all([set("one", 1, first), set("two", 2, second)]);

    expect([await get("one", second), await get("two", first)]).toEqual([1, 2]);
    expect((await describeDatabase()).stores).toEqual([STORE]);
  });
});
