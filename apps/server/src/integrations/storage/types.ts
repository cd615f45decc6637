/** Where uploaded files live: the local disk by default, an S3-compatible bucket when configured. */
export type TStorage = {
  kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Local storage serves its files through the API; S3 objects are read from their public address. */
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  /** Removes the file; one already gone is not an error (a second cleanup finds nothing to do). */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from (a same-site path for local storage). */
  publicUrl(key: string): string;
};

export type TS3Settings = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base address the bucket's objects are publicly readable at. */
  publicBaseUrl: string;
};
