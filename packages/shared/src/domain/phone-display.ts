// How a stored number (E.164) is shown, without libphonenumber-js's metadata, for the numbers where the
// answer does not need it: US numbers. It gives exactly what `formatPhone` (./phone.ts) gives for them, and
// null for every other number, which the caller then formats with `formatPhone` itself. phone-display.test.ts
// holds the two to the same answer, so a library update that moves an area code fails there.

/**
 * The area codes of +1 that libphonenumber-js places outside the US (Canada, the Caribbean, the Pacific
 * territories) or, for some exchanges, does (800 reads as the Dominican Republic's with exchange 1xx): numbers
 * there are left to the library. Every other area code from 200 to 999 reads nationally for every exchange.
 */
const NOT_US_AREA_CODES = new Set(
  (
    "204 226 236 242 246 249 250 257 263 264 268 273 284 289 306 340 343 345 354 365 367 368 382 403 " +
    "416 418 428 431 437 438 441 450 468 473 474 506 514 519 548 579 581 584 587 600 604 613 622 633 " +
    "639 647 649 658 664 670 671 672 683 684 705 709 721 742 753 758 767 778 780 782 784 787 800 807 " +
    "809 819 825 829 849 867 868 869 873 876 879 902 905 939 942"
  ).split(" "),
);

/** "(720) 555-0100" for a US number in E.164 ("+17205550100"); null for any other text. */
export function formatHomePhone(value: string): string | null {
  const m = /^\+1([2-9]\d\d)(\d{3})(\d{4})$/.exec(value);
  if (!m || NOT_US_AREA_CODES.has(m[1] as string)) return null;
  return `(${m[1]}) ${m[2]}-${m[3]}`;
}

export const NOT_US_AREA_CODE_LIST = [...NOT_US_AREA_CODES];
