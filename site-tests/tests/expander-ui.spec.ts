import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_TYPES, cli, repo, siteDir } from './helpers';

// Issue 13, item 1: the expander one click away, its input in the URL, its output copyable as
// the CLI's Markdown, its tree folded below the first level.

const COMMENT = '// SAFETY: `buf` is valid for reads by function requirements.';

test('every page type has the expander in its menu bar, and the link works', async ({ page }) => {
  for (const { name, path: p } of PAGE_TYPES) {
    await page.goto(p);
    const link = page.locator('#mdbook-menu-bar a.sd-header-expander');
    await expect(link, `${name}: expander link in the menu bar`).toBeVisible();
    const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
    expect(new URL(href).pathname, name).toMatch(/\/expander\.html$/);
  }
  await page.goto('dictionary/valid-for-reads.html');
  await page.locator('#mdbook-menu-bar a.sd-header-expander').click();
  await expect(page).toHaveURL(/\/expander\.html$/);
  await expect(page.locator('#sd-expander-input')).toBeVisible();
});

test('the home page and the chapters for newcomers, reviewers and tools link the expander', async ({ page }) => {
  for (const p of ['index.html', 'first-unsafe-block.html', 'reviewers.html', 'tools.html']) {
    await page.goto(p);
    const links = page.locator('main a[href$="expander.html"], main a[href*="expander.html?"]');
    expect(await links.count(), `${p} links the expander from its text`).toBeGreaterThan(0);
  }
});

test('every entry page links the expander with a comment that uses its phrase', async ({ page }) => {
  const dir = path.join(siteDir, 'dictionary');
  const entries = fs.readdirSync(dir).filter((f) => f.endsWith('.html') && f !== 'index.html' && f !== 'a-z.html');
  expect(entries.length).toBeGreaterThan(100);
  // Every entry links the expander; every entry but a concept (a word, not a phrase) with a
  // comment in the address.
  const concepts = new Set(fs.readdirSync(path.join(repo, 'dictionary', 'concept')).map((f) => f.replace(/\.toml$/, '.html')));
  const missing = entries.filter((f) => {
    const html = fs.readFileSync(path.join(dir, f), 'utf8');
    const re = concepts.has(f) ? /<p class="sd-expand-this"><a href="\.\.\/expander\.html(\?text=[^"]+)?"/ : /<p class="sd-expand-this"><a href="\.\.\/expander\.html\?text=[^"]+"/;
    return !re.test(html);
  });
  expect(missing).toEqual([]);
  // Following the link expands a comment in which the entry itself is recognised.
  await page.goto('dictionary/valid-for-reads.html');
  await page.locator('main .sd-expand-this a').click();
  await expect(page).toHaveURL(/\/expander\.html\?text=/);
  await expect(page.locator('#sd-expander-input')).toHaveValue(/is valid for reads/);
  await expect(page.locator('#sd-expander-output a.sd-expander-entry[href$="dictionary/valid-for-reads.html"]').first()).toBeVisible();
  await page.goto('dictionary/reference-validity.html');
  await page.locator('main .sd-expand-this a').click();
  await expect(page.locator('#sd-expander-output a.sd-expander-entry[href$="dictionary/reference-validity.html"]').first()).toBeVisible();
});

test('the input lives in the URL: typing updates ?text=, the URL restores the expansion', async ({ page, context }) => {
  await page.goto('expander.html');
  const input = page.locator('#sd-expander-input');
  await input.fill(COMMENT);
  await page.locator('#sd-expander-run').click();
  await expect(page).toHaveURL(/\?text=/);
  const url = page.url();
  expect(new URL(url).searchParams.get('text')).toBe(COMMENT);
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.locator('#sd-expander-input')).toHaveValue(COMMENT);
  await expect(other.locator('#sd-expander-output .sd-expander-item')).toHaveCount(1);
  await expect(other.locator('#sd-expander-output a.sd-expander-entry[href$="function-requirements.html"]').first()).toBeVisible();
  await other.close();
  // Typing alone (no button) expands and updates the address too.
  await input.fill('`p` is aligned.');
  await expect(page).toHaveURL(/text=%60p%60\+is\+aligned\./);
  await expect(page.locator('#sd-expander-output a.sd-expander-entry[href$="dictionary/aligned.html"]').first()).toBeVisible();
});

test('"Copy as Markdown" copies exactly what `safety-dict expand --format markdown` prints', async ({ page, context, baseURL }) => {
  // The CLI runs through cargo, which may wait for a build lock on a busy machine.
  test.setTimeout(150_000);
  const expected = cli(['expand', '--format', 'markdown'], COMMENT);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await page.goto('expander.html?text=' + encodeURIComponent(COMMENT));
  await page.evaluate(() => navigator.clipboard.writeText('not copied yet'));
  await page.locator('#sd-expander-copy-md').click();
  await expect(page.locator('#sd-expander-status')).toHaveText('Markdown copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(expected);
  expect(copied).toContain('([function-requirements](');
  // "Copy link" copies the address with the text in it.
  await page.locator('#sd-expander-copy-link').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).searchParams.get('text')).toBe(COMMENT);
});

test('the tree opens at the first level only; "Expand all" opens and closes the rest', async ({ page }) => {
  await page.goto('expander.html?text=' + encodeURIComponent('`ptr` is valid for reads.'));
  const out = page.locator('#sd-expander-output');
  const folds = out.locator('button.sd-fold');
  await expect(folds.first()).toBeVisible();
  expect(await folds.count()).toBeGreaterThan(2);
  const state = () => folds.evaluateAll((bs) => bs.map((b) => ({
    open: b.getAttribute('aria-expanded') === 'true',
    hidden: (b.parentElement!.querySelector(':scope > ul') as HTMLElement).hidden,
    nested: !!b.parentElement!.parentElement!.closest('li'),
  })));
  const statementLevel = (s: { nested: boolean }[]) => s; // every tree starts at the statement
  let s = statementLevel(await state());
  // The statement's line is open (its meaning shows); everything deeper is folded.
  expect(s[0].open && !s[0].hidden, 'first level open').toBe(true);
  expect(s.slice(1).length).toBeGreaterThan(0);
  expect(s.slice(1).every((d) => !d.open && d.hidden), 'deeper levels folded').toBe(true);
  const nested = out.locator('li.sd-has-children li.sd-has-children').first();
  await expect(nested.locator(':scope > .sd-node')).toBeVisible();
  await expect(nested.locator(':scope > ul > li').first()).toBeHidden();
  const toggle = page.locator('#sd-expander-toggle');
  await expect(toggle).toHaveText('Expand all');
  await toggle.click();
  s = await state();
  expect(s.every((d) => d.open && !d.hidden)).toBe(true);
  await expect(nested.locator(':scope > ul > li').first()).toBeVisible();
  await expect(toggle).toHaveText('Collapse to first level');
  await toggle.click();
  s = await state();
  expect(s[0].open).toBe(true);
  expect(s.slice(1).every((d) => !d.open)).toBe(true);
  // One line opened by hand.
  await nested.locator(':scope > button.sd-fold').click();
  await expect(nested.locator(':scope > ul > li').first()).toBeVisible();
});

test('suggestions rank the obvious entry first', async ({ page }) => {
  // A subject word ("the pointer") counts as code in the scores, as in the CLI.
  const cases = [
    { text: 'the pointre is vaild for raeds', first: 'valid-for-reads' },
    { text: '`ptr` must point to a valid `T`.', first: 'points-to-valid-value' },
    { text: '`buf` is vaild for writes.', first: 'valid-for-writes' },
  ];
  for (const c of cases) {
    await page.goto('expander.html?text=' + encodeURIComponent(c.text));
    const first = page.locator('#sd-expander-output .sd-expander-suggestion a.sd-expander-entry').first();
    await expect(first, c.text).toHaveText(c.first);
  }
});

test('375 px: the expander fits the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('expander.html?text=' + encodeURIComponent(COMMENT));
  await expect(page.locator('#sd-expander-output .sd-expander-item')).toHaveCount(1);
  const box = await page.locator('#sd-expander-input').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  await context.close();
});
