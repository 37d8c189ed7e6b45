// Types of the part of servers.mjs that TypeScript tests use.
/** A port nothing listens on right now (the OS picks it). */
export declare function freePort(host?: string): Promise<number>;
