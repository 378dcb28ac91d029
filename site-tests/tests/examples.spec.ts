import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { contrast, repo } from './helpers';

// Issue 13, item 4: examples that read well.
const ids = fs.readdirSync(path.join(repo, 'examples'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(repo, 'examples', e.name, 'example.toml')))
  .map((e) => e.name)
  .sort();

function lcs(a: string[], b: string[]): number {
  let prev = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    prev = cur;
  }
  return prev[b.length];
}

async function cutOff(page: Page) {
  return page.evaluate(() => {
    const bad: string[] = [];
    document.querySelectorAll('main pre.sd-code').forEach((pre, n) => {
      for (const el of [pre, pre.querySelector('code')!]) {
        if (el.scrollWidth > el.clientWidth + 1) bad.push(`block ${n}: ${el.tagName} scrollWidth ${el.scrollWidth} > ${el.clientWidth}`);
      }
      const box = pre.getBoundingClientRect();
      pre.querySelectorAll('.sd-line').forEach((l) => {
        const r = l.getBoundingClientRect();
        if (r.right > box.right + 1) bad.push(`block ${n}: line "${(l.textContent || '').slice(0, 40)}" ends at ${r.right} > ${box.right}`);
      });
    });
    if (document.documentElement.scrollWidth > window.innerWidth) bad.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    return bad;
  });
}

for (const width of [1280, 375]) {
  test(`${width} px: no line of either side of any example is cut off`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    expect(ids.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const id of ids) {
      await page.goto(`examples/${id}.html`);
      await expect(page.locator('main pre.sd-code')).toHaveCount(2);
      for (const p of await cutOff(page)) problems.push(`${id}: ${p}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('the lines where good and bad differ are marked, and only those', async ({ page }) => {
  for (const id of ids) {
    await page.goto(`examples/${id}.html`);
    const lines = async (side: string, cls?: string) => page.locator(`main .sd-${side} .sd-line${cls ? '.' + cls : ''}`).allTextContents();
    const good = await lines('good');
    const bad = await lines('bad');
    const added = await lines('good', 'sd-add');
    const removed = await lines('bad', 'sd-del');
    // The page shows the sources line for line.
    const src = (side: string) => fs.readFileSync(path.join(repo, 'examples', id, `${side}.rs`), 'utf8').replace(/\n$/, '').split('\n');
    expect(good, `${id}: good side line for line`).toEqual(src('good'));
    expect(bad, `${id}: bad side line for line`).toEqual(src('bad'));
    expect(added.length + removed.length, `${id}: some lines are marked`).toBeGreaterThan(0);
    // The unmarked lines are common to both sides, in the same order, and there are as many
    // as a longest common subsequence has: the marks are exactly where the sides differ.
    const kept = (side: string, cls: string) => page.locator(`main .sd-${side} .sd-line:not(.${cls})`).allTextContents();
    const keptGood = (await kept('good', 'sd-add')).map((l) => l.trimEnd());
    const keptBad = (await kept('bad', 'sd-del')).map((l) => l.trimEnd());
    expect(keptGood, `${id}: unmarked lines agree`).toEqual(keptBad);
    expect(keptGood.length, `${id}: marks are minimal`).toBe(lcs(good.map((l) => l.trimEnd()), bad.map((l) => l.trimEnd())));
  }
  // The decisive line of the off-by-one example is marked on the bad side.
  await page.goto('examples/valid-for-reads.html');
  await expect(page.locator('main .sd-bad .sd-line.sd-del', { hasText: '0..=len' }).first()).toBeVisible();
});

test('code comments reach 4.5:1 contrast in every theme', async ({ browser }) => {
  for (const theme of ['light', 'rust', 'coal', 'navy', 'ayu']) {
    // The theme as mdBook sets it (its highlighting stylesheets switch with it).
    const context = await browser.newContext();
    await context.addInitScript((t) => { try { localStorage.setItem('mdbook-theme', t); } catch { /* storage off */ } }, theme);
    const page = await context.newPage();
    await page.goto('examples/valid-for-reads.html');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const pairs = await page.evaluate(() => {
      const out: { text: string; fg: string; bg: string }[] = [];
      const bgOf = (el: Element | null): string => {
        for (; el; el = el.parentElement) {
          const c = getComputedStyle(el).backgroundColor;
          if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
        }
        return 'rgb(255, 255, 255)';
      };
      document.querySelectorAll('main pre.sd-code .syn-comment').forEach((c) => {
        out.push({ text: (c.textContent || '').slice(0, 30), fg: getComputedStyle(c).color, bg: bgOf(c) });
      });
      return out;
    });
    expect(pairs.length, theme).toBeGreaterThan(3);
    const ratios = pairs.map((p) => ({ ...p, ratio: contrast(p.fg, p.bg) }));
    console.log(`${theme}: lowest comment contrast ${Math.min(...ratios.map((r) => r.ratio)).toFixed(2)}:1`);
    expect(ratios.filter((p) => p.ratio < 4.5), `${theme}: comments under 4.5:1`).toEqual([]);
    await context.close();
  }
});

test('examples.html is an index: each pair on its own page, outcomes and one status each', async ({ page }) => {
  const res = await page.goto('examples.html');
  const bytes = (await res!.body()).length;
  console.log(`examples.html: ${(bytes / 1024).toFixed(1)} KB`);
  expect(bytes).toBeLessThan(100 * 1024);
  await expect(page.locator('main pre.sd-code')).toHaveCount(0);
  const cards = page.locator('main .sd-example-card');
  await expect(cards).toHaveCount(ids.length);
  for (const id of ids) {
    const card = page.locator(`main .sd-example-card[data-example="${id}"]`);
    await expect(card.locator(`a[href$="examples/${id}.html"]`)).toHaveCount(1);
    await expect(card.locator('.sd-outcomes')).toContainText(/Good: .* · Bad: /);
    await expect(card.locator('.sd-badge')).toHaveCount(1);
  }
  // Example titles are rendered Markdown: no raw backticks anywhere in the index or the sidebar.
  expect(await page.locator('main').innerText()).not.toContain('`');
  expect(await page.locator('#mdbook-sidebar').innerText()).not.toContain('`');
});

test('the verification status shows once per pair, and on entry pages\' example lists', async ({ page }) => {
  for (const id of ids) {
    await page.goto(`examples/${id}.html`);
    await expect(page.locator('main .sd-proof'), id).toHaveCount(1);
    await expect(page.locator('main .sd-proof')).toHaveText(/^\s*(✔ Verified|✘ Not as declared|Not verified)/);
    const text = await page.locator('main').innerText();
    expect(text.match(/Not verified/g)?.length ?? 0, `${id}: "Not verified" at most once`).toBeLessThanOrEqual(1);
    await expect(page.locator('main h1')).not.toContainText('`');
  }
  await page.goto('dictionary/valid-for-reads.html');
  const items = page.locator('main ul.sd-examples > li');
  expect(await items.count()).toBeGreaterThan(0);
  for (const li of await items.all()) await expect(li.locator('.sd-badge')).toHaveCount(1);
});
