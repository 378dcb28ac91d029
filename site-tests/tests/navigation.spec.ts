import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { siteDir } from './helpers';

// Issue 13, items 3 and 8: navigation by keyboard and sidebar; meaning shown once.

test('skip links are the first Tab stops; search and the expander are a few Tab presses away', async ({ page }) => {
  await page.goto('dictionary/valid-for-reads.html');
  await page.keyboard.press('Tab');
  const first = page.locator(':focus');
  await expect(first).toHaveText('Skip to content');
  await expect(first).toBeVisible();
  // "Search" opens the search bar and focuses it.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Search');
  await page.keyboard.press('Enter');
  await expect(page.locator('#mdbook-searchbar')).toBeFocused();
  // The expander is the third stop.
  await page.goto('dictionary/valid-for-reads.html');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Expander');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/expander\.html$/);
  // "Skip to content" moves focus past the sidebar: the next Tab lands inside the content.
  await page.goto('dictionary/valid-for-reads.html');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const inContent = await page.evaluate(() => !!document.activeElement?.closest('#mdbook-content'));
  expect(inContent).toBe(true);
});

test('the sidebar folds the dictionary by kind, with rendered titles', async ({ page }) => {
  await page.goto('index.html');
  const sidebar = page.locator('#mdbook-sidebar');
  const kind = sidebar.locator('a[href$="dictionary/kinds/requirement.html"]').first();
  await expect(kind).toBeVisible();
  // Entries are folded under their kind until it is opened.
  const entry = sidebar.locator('a[href$="dictionary/valid-for-reads.html"]').first();
  await expect(entry).toBeAttached();
  await expect(entry).toBeHidden();
  const visibleLinks = await sidebar.locator('a:visible').count();
  expect(visibleLinks, 'a short sidebar').toBeLessThan(60);
  // On an entry page, its kind is open and the entry is shown.
  await page.goto('dictionary/valid-for-reads.html');
  await expect(page.locator('#mdbook-sidebar a[href$="dictionary/valid-for-reads.html"]').first()).toBeVisible();
  expect(await page.locator('#mdbook-sidebar').innerText()).not.toContain('`');
});

test('entries without references show their meaning once; the others add the full expansion', async () => {
  const dir = path.join(siteDir, 'dictionary');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.html'));
  let withRefs = 0;
  let without = 0;
  const wrong: string[] = [];
  for (const f of files) {
    const html = fs.readFileSync(path.join(dir, f), 'utf8');
    const meaning = html.match(/<ol class="sd-meaning">([\s\S]*?)<\/ol>/);
    if (!meaning) continue;
    const refs = meaning[1].includes('class="sd-ref"');
    const full = html.includes('id="full-expansion"');
    if (refs) withRefs++; else without++;
    if (refs !== full) wrong.push(`${f}: references ${refs}, full expansion ${full}`);
  }
  expect(withRefs).toBeGreaterThan(10);
  expect(without).toBeGreaterThan(5);
  expect(wrong).toEqual([]);
});

test('375 px: the discouraged-wordings table reads as cards, not a word per line', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('dictionary/valid-for-reads.html');
  const cells = page.locator('main table.sd-discouraged td');
  expect(await cells.count()).toBeGreaterThan(0);
  for (const td of (await cells.all()).slice(0, 6)) {
    const w = await td.evaluate((el) => el.getBoundingClientRect().width);
    expect(w, 'a cell spans most of the screen').toBeGreaterThan(250);
  }
  await context.close();
});

// Issue 13, item 7: sources as links — kernel files at the pinned version on Elixir (with a text
// fragment to the quoted line), the RFC in the list archive, standard-library items in the docs.
test('sources are links: kernel files on Elixir, the RFC on lore, std in its docs', async ({ page }) => {
  const dir = path.join(siteDir, 'dictionary');
  let kernel = 0, rfc = 0, std = 0;
  const plain: string[] = [];
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.html'))) {
    const html = fs.readFileSync(path.join(dir, f), 'utf8');
    const list = html.match(/<ul class="sd-sources">([\s\S]*?)<\/ul>/);
    if (!list) continue;
    for (const li of list[1].split(/<li>/).slice(1)) {
      const text = li.replace(/<[^>]+>/g, '');
      if (/^\s*Linux \d/.test(text)) {
        kernel++;
        if (!/href="https:\/\/elixir\.bootlin\.com\/linux\/v\d+\.\d+(\.\d+)?\/source\/[\w/.-]+\.(rs|c|h)/.test(li)) plain.push(`${f}: ${text}`);
      } else if (/^\s*RFC 2024/.test(text)) {
        rfc++;
        if (!/href="https:\/\/lore\.kernel\.org\/rust-for-linux\//.test(li)) plain.push(`${f}: ${text}`);
      } else if (/^\s*(core|alloc|std)::/.test(text)) {
        std++;
        if (!/href="https:\/\/doc\.rust-lang\.org\/(core|alloc|std)\//.test(li)) plain.push(`${f}: ${text}`);
      }
    }
  }
  expect(kernel).toBeGreaterThan(10);
  expect(rfc).toBeGreaterThan(5);
  expect(std).toBeGreaterThan(3);
  expect(plain).toEqual([]);
  // A kernel citation with its line links to that line of the file at 6.12 (a citation without
  // a line gets a text fragment instead; pages.rs `sources_become_links` covers that form).
  await page.goto('dictionary/dangling-pointer.html');
  const a = page.locator('main .sd-sources a[href*="workqueue.rs"]').first();
  await expect(a).toHaveAttribute('href', /\/v6\.12\/source\/rust\/kernel\/workqueue\.rs#L\d+$/);
});
