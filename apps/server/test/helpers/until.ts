/**
 * Polls `check` until it holds or `timeoutMs` has passed; true if it held. Tests wait on a condition
 * this way (and assert the answer), never for a fixed time: a deadline reached fails the test.
 */
export async function untilTrue(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  intervalMs = 50,
): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}
