import { describe, expect, it } from "vitest";
import { distanceMiles, normalizeZip } from "./geo";

describe("distanceMiles", () => {
  it("is zero for the same point and symmetric", () => {
    const denver = { latitude: 39.7491, longitude: -104.9946 };
    const boulder = { latitude: 40.015, longitude: -105.2705 };
    expect(distanceMiles(denver, denver)).toBe(0);
    expect(distanceMiles(denver, boulder)).toBeCloseTo(distanceMiles(boulder, denver), 9);
  });
  it("matches a known distance (Denver to Boulder is about 23.6 miles)", () => {
    const d = distanceMiles(
      { latitude: 39.7491, longitude: -104.9946 },
      { latitude: 40.015, longitude: -105.2705 },
    );
    expect(d).toBeGreaterThan(22);
    expect(d).toBeLessThan(25);
  });
});

describe("normalizeZip", () => {
  it("accepts five digits and ZIP+4", () => {
    expect(normalizeZip(" 80202 ")).toBe("80202");
    expect(normalizeZip("80202-1234")).toBe("80202");
  });
  it("refuses anything else", () => {
    for (const bad of ["8020", "802021", "80202-12", "abcde", ""]) expect(normalizeZip(bad)).toBeNull();
  });
});
