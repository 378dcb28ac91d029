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
