import { describe, expect, it } from "vitest";
import {
  decideVisitSource,
  findPhoneNumbers,
  phoneNumberPattern,
  sourceFromReferrer,
  swapPhoneNumber,
  usPhoneDigits,
} from "./dni";

describe("swapPhoneNumber", () => {
  const swap = (text: string) => swapPhoneNumber(text, "(555) 123-4567", "555-987-6543");

  it("swaps every written form of the static number, keeping the page's format", () => {
    expect(swap("Call (555) 123-4567 now")).toBe("Call (555) 987-6543 now");
    expect(swap("555-123-4567")).toBe("555-987-6543");
    expect(swap("555.123.4567")).toBe("555.987.6543");
    expect(swap("+1 555 123 4567")).toBe("+1 555 987 6543");
    expect(swap("5551234567")).toBe("5559876543");
    expect(swap("+15551234567")).toBe("+15559876543");
    expect(swap("1-555-123-4567")).toBe("1-555-987-6543");
    expect(swap("a (555)123-4567 and 555 123 4567.")).toBe("a (555)987-6543 and 555 987 6543.");
  });

  it("swaps numbers written with en dashes, minus signs, non-breaking spaces and spaced hyphens", () => {
    expect(swap("555\u2013123\u20134567")).toBe("555\u2013987\u20136543");
    expect(swap("(555)\u00a0123\u20114567")).toBe("(555)\u00a0987\u20116543");
    expect(swap("555 - 123 - 4567")).toBe("555 - 987 - 6543");
    expect(swap("555\u2212123\u22124567 or 555\u2014123\u20144567")).toBe(
      "555\u2212987\u22126543 or 555\u2014987\u20146543",
    );
    expect(swap("5551234567,5551234567")).toBe("5559876543,5559876543");
  });

  it("needs no lookbehind, which Safari before 16.4 cannot parse", () => {
    expect(phoneNumberPattern("5551234567")?.source).not.toContain("(?<");
    expect(findPhoneNumbers("Call (555) 123-4567.", "5551234567")).toEqual([[5, 19]]);
  });

  it("leaves numbers inside other digits and other numbers alone", () => {
    expect(swap("Order 955512345678")).toBe("Order 955512345678");
    expect(swap("ID 5551234567890")).toBe("ID 5551234567890");
    expect(swap("x95551234567")).toBe("x95551234567");
    expect(swap("(555) 123-4568")).toBe("(555) 123-4568");
  });

  it("does nothing for numbers that are not ten US digits", () => {
    expect(phoneNumberPattern("12345")).toBeNull();
    expect(swapPhoneNumber("555-123-4567", "555-123-4567", "12")).toBe("555-123-4567");
    expect(usPhoneDigits("+1 (555) 123-4567")).toBe("5551234567");
    expect(usPhoneDigits("+44 20 7946 0958")).toBeNull();
  });
});

describe("decideVisitSource", () => {
  const host = "roofing.example";
  it("reads utm_source first, then ad click ids, then the referrer, else direct", () => {
    expect(decideVisitSource("?utm_source=google&utm_campaign=spring", "", host)).toMatchObject({
      source: "google",
      utmSource: "google",
      utmCampaign: "spring",
    });
    expect(decideVisitSource("?utm_source=fb_ads", "https://www.google.com/", host)?.source).toBe("facebook");
    expect(decideVisitSource("?utm_source=newsletter", "", host)?.source).toBe("other");
    expect(decideVisitSource("?gclid=abc", "", host)).toMatchObject({ source: "google", clickId: "abc" });
    expect(decideVisitSource("?fbclid=x", "", host)?.source).toBe("facebook");
    expect(decideVisitSource("?msclkid=y", "", host)?.source).toBe("bing");
    expect(decideVisitSource("", "https://www.google.co.uk/search?q=roof", host)?.source).toBe("google");
    expect(decideVisitSource("", "https://www.bing.com/", host)?.source).toBe("bing");
    expect(decideVisitSource("", "https://l.facebook.com/l.php", host)?.source).toBe("facebook");
    expect(decideVisitSource("", "https://duckduckgo.com/", host)?.source).toBe("other");
    expect(decideVisitSource("", "https://blog.example.org/post", host)?.source).toBe("other");
    expect(decideVisitSource("", "", host)?.source).toBe("direct");
  });

  it("treats the site's own pages as the same visit", () => {
    expect(decideVisitSource("", "https://roofing.example/services", host)).toBeNull();
    expect(sourceFromReferrer("https://www.roofing.example/", "roofing.example")).toBeNull();
    expect(sourceFromReferrer("not a url", host)).toBe("direct");
  });
});
