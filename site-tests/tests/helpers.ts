import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const repo = path.resolve(__dirname, '..', '..');
export const siteDir = path.join(repo, 'target', 'book', 'html');
export const screenshotDir = path.join(__dirname, '..', 'test-results', 'screenshots');

/** `site-url` from the [output.html] table of book.toml (not hard-coded in the tests). */
export function siteUrl(): string {
  const toml = fs.readFileSync(path.join(repo, 'book.toml'), 'utf8');
  const table = toml.split(/^\[/m).find((t) => t.startsWith('output.html]'));
  const m = table && table.match(/^site-url\s*=\s*"([^"]*)"/m);
  if (!m) throw new Error('book.toml has no site-url in [output.html]');
  return m[1].endsWith('/') ? m[1] : m[1] + '/';
}

/** Every HTML page of the built site, relative to its root, with forward slashes. */
export function allPages(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) out.push(path.relative(siteDir, p).split(path.sep).join('/'));
    }
  };
  walk(siteDir);
  return out.sort();
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, name), fullPage: true });
}

/** Use mdBook's own search: press `s`, type the query, return the result links. */
export async function searchSite(page: Page, query: string) {
  await page.goto('index.html');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('s');
  const bar = page.locator('#mdbook-searchbar');
  await expect(bar).toBeVisible();
  await expect(bar).toBeFocused();
  await bar.pressSequentially(query, { delay: 10 });
  const results = page.locator('#mdbook-searchresults a');
  await expect(results.first()).toBeVisible();
  return results;
}
