export declare class DatabaseInUseError extends Error {
  readonly pid: number | string;
  constructor(dir: string, pid: number | string);
}
export declare function lockPgliteDir(dir: string): () => void;
