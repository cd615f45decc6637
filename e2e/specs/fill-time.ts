import { MIN_FILL_TIME_MS } from "@leadpost/shared";
import type { Page } from "@playwright/test";

// The public form counts a submission made faster than MIN_FILL_TIME_MS as spam (measured by the page
// itself). Tests move the page's clock past it instead of waiting: the rule stays as it is.

/** Before the form page loads: the page's clocks (its fill-time stopwatch included) become movable. */
export const installVisitorClock = (page: Page) => page.clock.install();

/** A visitor's fill time, at once: the page's clock jumps past the minimum. */
export const passFillTime = (page: Page) => page.clock.fastForward(MIN_FILL_TIME_MS + 100);
