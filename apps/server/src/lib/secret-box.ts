import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for provider secrets at rest. Stored as "v1:<iv>:<tag>:<ciphertext>" in base64 parts,
 * so a future key rotation can add "v2" without guessing. `mac` signs what the server hands out and
 * must recognise later (backup files): HMAC-SHA256 under a key derived per purpose from the same
 * server key, so a signature of one purpose never passes for another's.
 */
export type TSecretBox = {
  seal(plain: string): string;
  open(sealed: string): string;
  /** base64url HMAC-SHA256 of `data` under the key of `purpose`. */
  mac(purpose: string, data: string): string;
  /** The same HMAC over data given in pieces (a file read as a stream); `digest` once, at the end. */
  macStream(purpose: string): { update(data: string | Uint8Array): void; digest(): string };
  /**
   * AES-256-GCM of bytes (a stored file) under the key of `purpose`: iv (12 bytes), tag (16), then the
   * ciphertext. `context` (e.g. the file's key) is authenticated too: a file moved elsewhere fails to open.
   */
  sealBytes(purpose: string, plain: Uint8Array, context: string): Buffer;
  /** The bytes sealBytes sealed, or an error when they, the key or the context differ. */
  openBytes(purpose: string, sealed: Uint8Array, context: string): Buffer;
};

export function createSecretBox(keyBase64: string): TSecretBox {
  const key = Buffer.from(keyBase64, "base64");
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must decode to 32 bytes");
  const derivedKeys = new Map<string, Buffer>();
  const derive = (info: string) => {
    let derived = derivedKeys.get(info);
    if (!derived) {
      derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), info, 32));
      derivedKeys.set(info, derived);
    }
    return derived;
  };
  const macKey = (purpose: string) => derive(`leadpost mac: ${purpose}`);
  const sealKey = (purpose: string) => derive(`leadpost seal: ${purpose}`);
  return {
    mac(purpose, data) {
      return createHmac("sha256", macKey(purpose)).update(data, "utf8").digest("base64url");
    },
    macStream(purpose) {
      const hmac = createHmac("sha256", macKey(purpose));
      return {
        update: (data) => void (typeof data === "string" ? hmac.update(data, "utf8") : hmac.update(data)),
        digest: () => hmac.digest("base64url"),
      };
    },
    sealBytes(purpose, plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealKey(purpose), iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = cipher.update(plain);
      const rest = cipher.final();
      return Buffer.concat([iv, cipher.getAuthTag(), body, rest]);
    },
    openBytes(purpose, sealed, context) {
      const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (bytes.length < 28) throw new Error("sealed bytes too short");
      const decipher = createDecipheriv("aes-256-gcm", sealKey(purpose), bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const body = decipher.update(bytes.subarray(28));
      const rest = decipher.final();
      return rest.length ? Buffer.concat([body, rest]) : body;
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        "v1",
        iv.toString("base64"),
        cipher.getAuthTag().toString("base64"),
        body.toString("base64"),
      ].join(":");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(":");
      if (version !== "v1" || !iv || !tag || body === undefined)
        throw new Error("unrecognised secret format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      decipher.setAuthTag(Buffer.from(tag, "base64"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
    },
  };
}

/** What the browser may see of a secret: its last four characters. */
export const lastFour = (secret: string) => secret.slice(-4);
