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
};

export function createSecretBox(keyBase64: string): TSecretBox {
  const key = Buffer.from(keyBase64, "base64");
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must decode to 32 bytes");
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let derived = macKeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `leadpost mac: ${purpose}`, 32));
      macKeys.set(purpose, derived);
    }
    return derived;
  };
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
