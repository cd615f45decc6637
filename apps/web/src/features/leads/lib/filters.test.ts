import { describe, expect, it } from "vitest";
import { filtersFromParams, locationText } from "./filters";

describe("lead filters", () => {
  it("reads known filters from the address and ignores bad values", () => {
    const f = filtersFromParams(new URLSearchParams("search=ann&status=routed&page=3&from=2026-01-01"));
    expect(f).toMatchObject({ search: "ann", status: "routed", page: 3, from: "2026-01-01" });
    expect(filtersFromParams(new URLSearchParams("status=bogus&page=-2"))).toMatchObject({
      status: undefined,
      page: 1,
    });
  });

  it("reads the test-leads filter: production unless only or include is asked for", () => {
    expect(filtersFromParams(new URLSearchParams("test=only")).test).toBe("only");
    expect(filtersFromParams(new URLSearchParams("test=include")).test).toBe("include");
    expect(filtersFromParams(new URLSearchParams("test=yes")).test).toBeUndefined();
  });

  it("joins city, state and zip", () => {
    expect(locationText({ city: "Denver", state: "CO", zipCode: "80202" })).toBe("Denver, CO 80202");
    expect(locationText({ city: null, state: null, zipCode: null })).toBe("—");
  });
});
