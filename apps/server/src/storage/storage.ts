export interface StoredObject {
  key: string;
  lastModified: Date;
}

/** Where image bytes live: a folder under data/ or an S3-compatible bucket. Keys use `/` separators. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with the prefix. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Every object under the folder `prefix` (`images` lists `images/…`), with when it was last
   * written, in pages; keys are relative to the store like those given to `put`.
   */
  list(prefix: string): AsyncIterable<StoredObject[]>;
  /**
   * A signed address where browsers fetch the object straight from the store (a CDN in front),
   * when the store is configured for it (S3_PUBLIC_URL); otherwise undefined and the app serves it.
   */
  signedUrl?(key: string, now?: Date): string;
}

export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}
