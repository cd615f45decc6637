import { defineConfig } from "@playwright/test";

// Always the system Chromium: this project never downloads a browser.
const executablePath = process.env.CHROME_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "./specs",
  // CI runs on a shared 2-core machine whose speed varies threefold between runs (a sign-in's password
  // check once took over 10 s there): the limits are generous, a passing step takes what it takes.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: 0,
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "../.tmp/playwright-report" }]],
  outputDir: "../.tmp/test-results",
  use: {
    browserName: "chromium",
    // A failing test keeps its trace: every action with the page's DOM before and after it, the network
    // and the console. Without the screencast (a screenshot of every frame): recording it cost a third of
    // the browser tests' time on the 2-core CI machine (docs/testing.md), and the DOM snapshots and the
    // failure's own screenshot show what it showed.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // A microphone for "Record in browser" (a generated tone), allowed without a prompt.
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
});
