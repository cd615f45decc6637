import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, lastFour } from "./secret-box";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32).toString("base64"));

  it("round-trips and never stores the plain text", () => {
    const sealed = box.seal("re_live_abcdef123456");
    expect(sealed).not.toContain("abcdef");
    expect(box.open(sealed)).toBe("re_live_abcdef123456");
  });

  it("uses a fresh IV each time", () => {
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses tampered ciphertext and another key", () => {
    const sealed = box.seal("secret");
    const parts = sealed.split(":");
    parts[3] = Buffer.from("forged").toString("base64");
    expect(() => box.open(parts.join(":"))).toThrow();
    const other = createSecretBox(randomBytes(32).toString("base64"));
    expect(() => other.open(sealed)).toThrow();
  });

  it("signs per purpose: same data and purpose agree, another purpose or key does not", () => {
    const mac = box.mac("backup", "content");
    expect(box.mac("backup", "content")).toBe(mac);
    expect(box.mac("backup", "content!")).not.toBe(mac);
    expect(box.mac("other", "content")).not.toBe(mac);
    expect(createSecretBox(randomBytes(32).toString("base64")).mac("backup", "content")).not.toBe(mac);
  });

  it("seals bytes per purpose and context, refusing any other", () => {
    const plain = Buffer.from('{"table":"leads"}\n'.repeat(100));
    const sealed = box.sealBytes("backup-part", plain, "backups/x-00001.jsonl");
    expect(sealed.includes(Buffer.from("leads"))).toBe(false);
    expect(box.openBytes("backup-part", sealed, "backups/x-00001.jsonl").equals(plain)).toBe(true);
    expect(() => box.openBytes("backup-part", sealed, "backups/x-00002.jsonl")).toThrow();
    expect(() => box.openBytes("other", sealed, "backups/x-00001.jsonl")).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[40]! ^= 1;
    expect(() => box.openBytes("backup-part", tampered, "backups/x-00001.jsonl")).toThrow();
  });

  it("shows only the last four characters", () => {
    expect(lastFour("sk_test_123456789")).toBe("6789");
  });
});
