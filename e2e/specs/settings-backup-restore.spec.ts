import { readFileSync } from "node:fs";
import { expect, test } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

// A restore replaces the demo company's rows: a server and database of its own.
test.use({ dataSet: "backup-restore" });

test("an owner restores a downloaded backup; an edited file is refused", async ({ page }) => {
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/owner/settings");
  await page.getByRole("tab", { name: "Backup", exact: true }).click();
  await page.getByRole("button", { name: "Create Backup Now" }).click();
  await expect(page.getByText(/^manual_/).first()).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Latest Backup" }).click();
  const file = readFileSync((await (await downloading).path())!, "utf8");
  // JSON lines: a header, one line per row, the signature last.
  const lines = file.trimEnd().split("\n");
  expect(JSON.parse(lines.at(-1)!).signature).toBeTruthy();

  // Edited: refused at step one with the 002 text, nothing offered to restore.
  const edited = lines.map((line) => {
    const parsed = JSON.parse(line) as { table?: string; row?: { name?: string } };
    if (parsed.table !== "companies") return line;
    return JSON.stringify({ ...parsed, row: { ...parsed.row, name: "Edited Co" } });
  });
  await page.getByLabel("Restore from a backup file (.jsonl)").setInputFiles({
    name: "edited.jsonl",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from(`${edited.join("\n")}\n`),
  });
  await expect(page.getByText("Invalid backup file format")).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore", exact: true })).toHaveCount(0);

  // As downloaded: analysed, confirmed, restored, with the safety copy in the history.
  await page.getByLabel("Restore from a backup file (.jsonl)").setInputFiles({
    name: "backup.jsonl",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from(file),
  });
  await expect(page.getByRole("status").filter({ hasText: /rows/ })).toBeVisible();
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Backup restored successfully")).toBeVisible();
  await expect(page.getByText(/^restore_/).first()).toBeVisible();
});
