import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { repo, screenshot } from './helpers';

test('home page renders (screenshot artifact)', async ({ page }) => {
  await page.goto('index.html');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('#mdbook-sidebar a[href*="dictionary/"]').first()).toBeAttached();
  await screenshot(page, 'home.png');
});

test('example page shows both sides with highlighted code and a proof status', async ({ page }) => {
  const ids = fs.readdirSync(path.join(repo, 'examples'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  expect(ids).toContain('valid-for-reads');
  await page.goto('examples/valid-for-reads.html');
  for (const side of ['.sd-good', '.sd-bad']) {
    const box = page.locator(`main ${side}`);
    await expect(box, side).toHaveCount(1);
    await expect(box).toBeVisible();
    const code = box.locator('pre.sd-code code').first();
    await expect(code).toBeVisible();
    await expect(code).toContainText('unsafe');
    // Highlighted: the code is split into styled token spans, and comments get their own color.
    expect(await code.locator('span').count(), `${side} highlighted spans`).toBeGreaterThan(20);
    const comment = code.locator('.syn-comment').first();
    await expect(comment).toBeVisible();
    const colors = await code.evaluate((el) => {
      const c = el.querySelector('.syn-comment')!;
      return [getComputedStyle(el).color, getComputedStyle(c).color];
    });
    expect(colors[1], `${side}: comment color differs from plain code`).not.toBe(colors[0]);
  }
  // One verification status for the pair, above both sides; its class and text agree.
  const proof = page.locator('main .sd-pair > .sd-proof');
  await expect(proof).toHaveCount(1);
  await expect(proof).toBeVisible();
  await expect(proof).toHaveText(/^\s*(✔ Verified|✘ Not as declared|Not verified)/);
  const cls = (await proof.getAttribute('class')) || '';
  const text = ((await proof.textContent()) || '').trim();
  // No "verified" badge on an unverified pair.
  expect(/\bsd-unverified\b/.test(cls)).toBe(/^Not verified/.test(text));
  await screenshot(page, 'example-valid-for-reads.png');
});

test('escaping fixture renders <script> and & as literal text, runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  await page.goto('__fixture/dictionary/escaping-fixture.html');
  await expect(page.locator('main h1')).toHaveText('escaping fixture');
  const summary = page.locator('main .sd-summary');
  await expect(summary).toContainText(`<script>window.__sdInjected = 1; alert('summary')</script> & <b id="sd-injected">bold</b>`);
  const notes = page.locator('main .sd-notes');
  await expect(notes).toContainText('<script>window.__sdInjected = 2; alert("notes")</script>');
  await expect(notes).toContainText('<img id="sd-injected-img" src=x onerror="window.__sdInjected=3"> & AT&T.');
  await expect(page.locator('#sd-injected')).toHaveCount(0);
  await expect(page.locator('#sd-injected-img')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as any).__sdInjected)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // Also on the index page of the fixture, where the summary is shown in the entry list.
  await page.goto('__fixture/dictionary/index.html');
  const row = page.locator('main tr[data-id="escaping-fixture"]');
  await expect(row).toContainText('<script>');
  await expect(page.locator('#sd-injected')).toHaveCount(0);
  expect(await page.evaluate(() => (window as any).__sdInjected)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('light and dark themes switch via the theme menu', async ({ page }) => {
  await page.goto('dictionary/valid-for-reads.html');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);
  // mdBook paints the page background on <html> (body stays transparent).
  const bg = () => page.evaluate(() => {
    for (const el of [document.body, document.documentElement]) {
      const c = getComputedStyle(el).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
    }
    return 'transparent';
  });
  const fg = () => page.evaluate(() => getComputedStyle(document.querySelector('main p')!).color);
  const lightBg = await bg();
  const lightFg = await fg();
  await page.locator('#mdbook-theme-toggle').click();
  await page.locator('#mdbook-theme-navy').click();
  await expect(html).toHaveClass(/\bnavy\b/);
  await expect(html).not.toHaveClass(/\blight\b/);
  expect(await bg()).not.toBe(lightBg);
  expect(await fg()).not.toBe(lightFg);
  // The choice persists across pages.
  await page.goto('dictionary/index.html');
  await expect(html).toHaveClass(/\bnavy\b/);
  await page.locator('#mdbook-theme-toggle').click();
  await page.locator('#mdbook-theme-light').click();
  await expect(html).toHaveClass(/\blight\b/);
  expect(await bg()).toBe(lightBg);
});

test('keyboard only: Tab/Enter from the dictionary index to an entry page', async ({ page }) => {
  await page.goto('dictionary/index.html');
  // Tab until the filter box has focus.
  let reached = false;
  for (let i = 0; i < 400 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.id === 'sd-filter-input');
  }
  expect(reached, 'the filter box is reachable with Tab').toBe(true);
  await page.keyboard.type('valid for reads');
  // Then Tab on to the entry link in the filtered list and follow it with Enter.
  let onLink = false;
  for (let i = 0; i < 60 && !onLink; i++) {
    await page.keyboard.press('Tab');
    onLink = await page.evaluate(() => {
      const a = document.activeElement as HTMLAnchorElement | null;
      return !!a && a.tagName === 'A' && !!a.closest('#sd-entry-list') && /\/valid-for-reads\.html$/.test(a.href);
    });
  }
  expect(onLink, 'the valid-for-reads link is reachable with Tab').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/dictionary\/valid-for-reads\.html$/);
  await expect(page.locator('main h1')).toHaveText(/is valid for reads\.$/);
});

test.describe('narrow mobile viewport (375px)', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  test('entry page has no horizontal overflow; sidebar toggle works', async ({ page }) => {
    await page.goto('dictionary/valid-for-reads.html');
    await expect(page.locator('main h1')).toBeVisible();
    const overflow = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      win: window.innerWidth,
    }));
    expect(overflow.body, JSON.stringify(overflow)).toBeLessThanOrEqual(overflow.win);
    expect(overflow.doc, JSON.stringify(overflow)).toBeLessThanOrEqual(overflow.win);
    const sidebar = page.locator('#mdbook-sidebar');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/sidebar-visible/);
    await expect(sidebar).not.toBeInViewport();
    await page.locator('#mdbook-sidebar-toggle').click();
    await expect(html).toHaveClass(/sidebar-visible/);
    await expect(sidebar).toBeInViewport();
    await expect(sidebar.locator('a[href$="dictionary/index.html"]').first()).toBeVisible();
    await page.locator('#mdbook-sidebar-toggle').click();
    await expect(html).not.toHaveClass(/sidebar-visible/);
  });
});
