import { test, expect } from '@playwright/test';
import { searchSite } from './helpers';

// mdBook's built-in search must find each entry by its phrase, an accepted alternative
// phrasing and a safety-tag name; clicking the result lands on the entry page.
const cases = [
  { name: 'phrase', query: 'valid for reads', page: 'dictionary/valid-for-reads.html', heading: /is valid for reads\.$/ },
  { name: 'alternative phrasing', query: 'valid to read from', page: 'dictionary/valid-for-reads.html', heading: /is valid for reads\.$/ },
  { name: 'tag name', query: 'ValidCStr', page: 'dictionary/nul-terminated-c-string.html', heading: /nul-terminated C string|C string/i },
];

for (const c of cases) {
  test(`mdBook search: ${c.name} "${c.query}" lands on ${c.page}`, async ({ page }) => {
    const results = await searchSite(page, c.query);
    const hrefs = await results.evaluateAll((as) => as.map((a) => a.getAttribute('href') || ''));
    const index = hrefs.findIndex((h) => h.split(/[?#]/)[0].endsWith(c.page));
    expect(index, `results for "${c.query}": ${hrefs.slice(0, 10).join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(index, `"${c.page}" should be among the first 5 results, got ${hrefs.slice(0, 10).join(', ')}`).toBeLessThan(5);
    await results.nth(index).click();
    await expect(page).toHaveURL(new RegExp(c.page.replace(/\./g, '\\.') + '(\\?|#|$)'));
    await expect(page.locator('main h1').first()).toHaveText(c.heading);
  });
}

// mdBook's search (elasticlunr) is not typo tolerant, so the typo case goes through the
// dictionary filter box, which is.
test('typo "vaild for raeds" in the dictionary filter lands on valid-for-reads', async ({ page }) => {
  await page.goto('dictionary/index.html');
  await page.locator('#sd-filter-input').fill('vaild for raeds');
  const visible = page.locator('#sd-entry-list tr[data-id]:visible');
  await expect(visible.first()).toBeVisible();
  const ids = await visible.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
  expect(ids).toContain('valid-for-reads');
  await page.locator('#sd-entry-list tr[data-id="valid-for-reads"] a').first().click();
  await expect(page).toHaveURL(/dictionary\/valid-for-reads\.html$/);
  await expect(page.locator('main h1').first()).toHaveText(/is valid for reads\.$/);
});

// Issue 13, item 2: a dictionary section on top of the search results, ranked by the filter
// box's scorer: a phrase, an accepted wording, a safety-tag name or a typo puts the entry first.
const dictCases = [
  { query: 'valid for reads', first: 'dictionary/valid-for-reads.html' },
  { query: 'vaild for raeds', first: 'dictionary/valid-for-reads.html' },
  { query: 'valid to read from', first: 'dictionary/valid-for-reads.html' },
  // A tag several entries carry: any of them may come first, but one of them must.
  { query: 'ValidCStr', first: tagged('ValidCStr') },
];

function tagged(tag: string): string {
  const fs = require('node:fs');
  const path = require('node:path');
  const root = path.join(__dirname, '..', '..', 'dictionary');
  const ids: string[] = [];
  for (const kind of fs.readdirSync(root, { withFileTypes: true })) {
    if (!kind.isDirectory()) continue;
    for (const f of fs.readdirSync(path.join(root, kind.name))) {
      const text = fs.readFileSync(path.join(root, kind.name, f), 'utf8');
      if (new RegExp(`^tags\\s*=.*"${tag}"`, 'm').test(text)) ids.push(f.replace(/\.toml$/, ''));
    }
  }
  if (ids.length === 0) throw new Error(`no entry carries the tag ${tag}`);
  return `dictionary/(${ids.join('|')}).html`;
}
for (const c of dictCases) {
  test(`search: the dictionary section puts ${c.first} first for "${c.query}"`, async ({ page }) => {
    await page.goto('soundness.html');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    const bar = page.locator('#mdbook-searchbar');
    await expect(bar).toBeFocused();
    await bar.pressSequentially(c.query, { delay: 10 });
    const section = page.locator('#mdbook-searchresults-outer #sd-search-dictionary');
    await expect(section).toBeVisible();
    const first = section.locator('li a').first();
    await expect(first).toHaveAttribute('href', new RegExp(c.first.replace(/\.html/g, '\\.html') + '$'));
    // The section sits above mdBook's own results.
    const [dictTop, mdTop] = await page.evaluate(() => [
      document.getElementById('sd-search-dictionary')!.getBoundingClientRect().top,
      document.getElementById('mdbook-searchresults')!.getBoundingClientRect().top,
    ]);
    expect(dictTop).toBeLessThan(mdTop);
    await first.click();
    await expect(page).toHaveURL(new RegExp(c.first.replace(/\.html/g, '\\.html') + '$'));
  });
}

test('the search index holds no "Copy link" button text or raw entry URLs', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { siteDir, siteUrl } = await import('./helpers');
  const file = fs.readdirSync(siteDir).find((f) => /^searchindex.*\.js$/.test(f));
  expect(file).toBeTruthy();
  const index = fs.readFileSync(path.join(siteDir, file!), 'utf8');
  expect(index.split('Copy link').length - 1, '"Copy link" in the index').toBeLessThanOrEqual(1);
  expect(index.split(siteUrl() + 'dictionary/').length - 1, 'entry URLs in the index').toBeLessThanOrEqual(2);
});

test('dictionary index: the filter box comes first, and exact matches rank first', async ({ page }) => {
  await page.goto('dictionary/index.html');
  const box = page.locator('#sd-filter-input');
  const kinds = page.locator('main h2#kinds-of-entries');
  const [boxTop, kindsTop] = [(await box.boundingBox())!.y, (await kinds.boundingBox())!.y];
  expect(boxTop).toBeLessThan(kindsTop);
  expect(boxTop).toBeLessThan(900);
  const tagIds = tagged('ValidCStr').replace(/^dictionary\/\(|\)\.html$/g, '');
  for (const [q, id] of [['valid for reads', '^valid-for-reads$'], ['vaild for raeds', '^valid-for-reads$'], ['ValidCStr', `^(${tagIds})$`], ['aligned', '^aligned$']]) {
    await box.fill(q);
    const firstRow = page.locator('#sd-entry-list tr[data-id]:visible').first();
    await expect(firstRow, q).toHaveAttribute('data-id', new RegExp(id));
  }
});
