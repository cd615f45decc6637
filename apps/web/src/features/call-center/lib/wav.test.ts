// @vitest-environment node
import { describe, expect, it } from "vitest";
import { encodeWav } from "./wav";

describe("encodeWav", () => {
  it("writes a 16-bit PCM mono RIFF/WAVE file, clipping samples outside [-1, 1]", async () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5, 2, -3]), 16_000);
    expect(wav.type).toBe("audio/wav");
    const view = new DataView(await wav.arrayBuffer());
    const text = (at: number, n: number) =>
      String.fromCharCode(...Array.from({ length: n }, (_, i) => view.getUint8(at + i)));
    expect(view.byteLength).toBe(44 + 12);
    expect([text(0, 4), text(8, 4), text(12, 4), text(36, 4)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint32(4, true)).toBe(36 + 12);
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint16(34, true)]).toEqual([
      1, 1, 16,
    ]);
    expect([view.getUint32(24, true), view.getUint32(28, true), view.getUint32(40, true)]).toEqual([
      16_000, 32_000, 12,
    ]);
    const samples = Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 32767, -32768, 16383, 32767, -32768]);
  });
});
