import { describe, expect, it } from "vitest";
import { neutraliseCell, toCsv } from "./csv";

describe("neutraliseCell", () => {
  it.each(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://evil")'])(
    "prefixes %j with a quote",
    (value) => {
      expect(neutraliseCell(value)).toBe(`'${value}`);
    },
  );
  it("leaves ordinary text alone", () => {
    expect(neutraliseCell("Ann Lee")).toBe("Ann Lee");
    expect(neutraliseCell("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("quotes commas, quotes and line breaks, and neutralises formulas inside quoted cells", () => {
    const csv = toCsv(
      ["a", "b", "c"],
      [
        ["x,y", 'say "hi"', "=1+1\nnext"],
        [null, ["p", "-q"], -104.99],
      ],
    );
    expect(csv).toBe('\uFEFFa,b,c\r\n"x,y","say ""hi""","\'=1+1\nnext"\r\n,p; -q,-104.99\r\n');
  });
});
