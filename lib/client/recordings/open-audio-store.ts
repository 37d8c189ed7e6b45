import type { UseStore } from "idb-keyval";

/**
 * idb-keyval's createStore, made proof against a database that exists without its store. createStore creates the store
 * only when it creates the database, so a `coach-audio` database without `recordings` (an older browser's interrupted
 * first open, or another script on this origin) failed every operation with NotFoundError and no recording could be
 * kept on this device. Here such a database is opened again one version up and the store added; anything else in it
 * stays.
 *
 * A connection closes itself when another tab needs a new version or deletes the database (versionchange), so that tab
 * is never blocked by this one; the next operation here opens a new connection.
 */
export function openAudioStore(databaseName: string, storeName: string): UseStore {
  let connection: Promise<IDBDatabase> | undefined;

  const open = (version?: number): Promise<IDBDatabase> => {
    const request = version === undefined ? indexedDB.open(databaseName) : indexedDB.open(databaseName, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
    };
    return new Promise((resolve, reject) => {
      let gaveUp = false;
      request.onsuccess = () => (gaveUp ? request.result.close() : resolve(request.result));
      request.onerror = () => reject(request.error);
      // The repair waits for every other connection to close, and one that ignores versionchange (a tab still on a build
      // from before this one) may never: this open fails now as a store not available, and the next operation tries again.
      // The repair itself still happens once that connection closes.
      request.onblocked = () => {
        gaveUp = true;
        reject(new DOMException("Another tab holds the recordings' database open.", "InvalidStateError"));
      };
    });
  };

  const connect = async (): Promise<IDBDatabase> => {
    const database = await open();
    if (database.objectStoreNames.contains(storeName)) return database;
    const repaired = database.version + 1;
    database.close();
    return open(repaired);
  };

  const currentConnection = (): Promise<IDBDatabase> => {
    if (connection) return connection;
    const opening = connect();
    const forget = () => {
      if (connection === opening) connection = undefined;
    };
    connection = opening;
    opening.then((database) => {
      // Safari sometimes drops a connection, and is meant to say so with "close".
      database.onclose = forget;
      database.onversionchange = () => {
        database.close();
        forget();
      };
    }, forget);
    return opening;
  };

  return (mode, callback) => currentConnection().then((database) => callback(database.transaction(storeName, mode).objectStore(storeName)));
}
