// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";
import { formatHomePhone, NOT_US_AREA_CODE_LIST } from "./phone-display";

describe("formatHomePhone", () => {
  it("gives formatPhone's answer for every US area code, across exchanges", () => {
    const exchanges = ["000", "100", "199", "200", "211", "555", "911", "999", "473", "868"];
    for (let npa = 200; npa <= 999; npa++) {
      for (const nxx of exchanges) {
        const value = `+1${npa}${nxx}0100`;
        const light = formatHomePhone(value);
        if (NOT_US_AREA_CODE_LIST.includes(String(npa))) expect(light).toBeNull();
        else expect(light, value).toBe(formatPhone(value));
      }
    }
  });

  it("lists only area codes the library reads differently for some exchange", () => {
    for (const npa of NOT_US_AREA_CODE_LIST) {
      const answers = ["100", "200", "555", "999"].map((nxx) => formatPhone(`+1${npa}${nxx}0100`));
      expect(answers.some((a, i) => a !== `(${npa}) ${["100", "200", "555", "999"][i]}-0100`)).toBe(true);
    }
  });

  it("leaves other countries, short or odd text and area codes below 200 to the library", () => {
    for (const value of ["+442071838750", "+1720555010", "+117205550100", "7205550100", "+11005550100", ""]) {
      expect(formatHomePhone(value)).toBeNull();
    }
  });
});
