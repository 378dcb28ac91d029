import { test, expect, type Page, type Response } from '@playwright/test';

// Issue 13, item 5: light pages. The project's own CSS and JS (everything the site adds to
// mdBook's theme: files under theme/, and the expander's inline script) on an ordinary chapter
// page stay within 20 KB; the expander's script is on the expander page only. The figures are
// printed, measured from what the browser actually received.
const BUDGET = 20 * 1024;

async function measure(page: Page, url: string) {
  const sizes: { url: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (r: Response) => {
    pending.push(r.body().then((b) => { sizes.push({ url: r.url(), bytes: b.length }); }, () => {}));
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(200);
  await Promise.all(pending);
  // A later measurement on the same page counts its own responses only.
  page.off('response', onResponse);
  const project = sizes.filter((s) => /\/theme\/safety-dict[^/]*\.(css|js)$|\/theme\/syntect\.css$/.test(new URL(s.url).pathname));
  const inline = await page.evaluate(() => Array.from(document.querySelectorAll('script:not([src])'))
    .filter((s) => (s.textContent || '').includes('safetyDict'))
    .reduce((n, s) => n + new TextEncoder().encode(s.textContent || '').length, 0));
  const total = sizes.reduce((n, s) => n + s.bytes, 0);
  const projectBytes = project.reduce((n, s) => n + s.bytes, 0) + inline;
  return { sizes, project, inline, projectBytes, total };
}

const kb = (n: number) => (n / 1024).toFixed(1) + ' KB';

test('a chapter page carries at most 20 KB of the project\'s CSS and JS; figures printed', async ({ page }) => {
  const m = await measure(page, 'soundness.html');
  console.log(`chapter page soundness.html: project CSS+JS ${kb(m.projectBytes)} (${m.project.map((p) => `${new URL(p.url).pathname.split('/').pop()} ${kb(p.bytes)}`).join(', ')}; inline ${kb(m.inline)}); whole page ${kb(m.total)} in ${m.sizes.length} responses`);
  expect(m.project.length, 'the project CSS/JS was found among the responses').toBeGreaterThan(1);
  expect(m.projectBytes).toBeLessThanOrEqual(BUDGET);
  expect(m.sizes.some((s) => s.url.includes('safety-dict-expander')), 'no expander script on a chapter page').toBe(false);
  expect(await page.evaluate(() => typeof (window as any).safetyDictExpand)).toBe('undefined');
});

test('the entry page\'s total transfer, printed; the expander script only on the expander page', async ({ page }) => {
  const m = await measure(page, 'dictionary/valid-for-reads.html');
  console.log(`entry page dictionary/valid-for-reads.html: project CSS+JS ${kb(m.projectBytes)}; total transfer ${kb(m.total)} in ${m.sizes.length} responses`);
  for (const s of [...m.sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 6)) {
    console.log(`  ${kb(s.bytes).padStart(9)}  ${new URL(s.url).pathname}`);
  }
  expect(m.projectBytes).toBeLessThanOrEqual(BUDGET);
  expect(await page.evaluate(() => typeof (window as any).safetyDictExpand)).toBe('undefined');
  const e = await measure(page, 'expander.html');
  console.log(`expander page: project CSS+JS ${kb(e.projectBytes)} (inline script and data ${kb(e.inline)}); total ${kb(e.total)}`);
  expect(await page.evaluate(() => typeof (window as any).safetyDictExpand)).toBe('function');
});
