import { test, expect } from '@playwright/test';

const INDEX = 'dictionary/index.html';
const rows = 'main #sd-entry-list tr[data-id]';

async function visibleIds(page: import('@playwright/test').Page) {
  return page.locator(`${rows}:visible`).evaluateAll((rs) => rs.map((r) => r.getAttribute('data-id')));
}

test('filter box: typing filters rows instantly, count follows', async ({ page }) => {
  await page.goto(INDEX);
  const input = page.locator('#sd-filter-input');
  await expect(input).toBeVisible();
  const total = await page.locator(rows).count();
  expect(total).toBeGreaterThan(50);
  expect((await visibleIds(page)).length).toBe(total);
  await input.pressSequentially('valid for reads');
  const ids = await visibleIds(page);
  expect(ids).toContain('valid-for-reads');
  expect(ids).not.toContain('alignment');
  expect(ids.length).toBeLessThan(total / 4);
  await expect(page.locator('#sd-filter-count')).toHaveText(`${ids.length} of ${total} entries`);
  await input.fill('');
  expect((await visibleIds(page)).length).toBe(total);
});

test('filter box: typo tolerant ("vaild")', async ({ page }) => {
  await page.goto(INDEX);
  await page.locator('#sd-filter-input').fill('vaild');
  const ids = await visibleIds(page);
  expect(ids).toContain('valid-for-reads');
  expect(ids).toContain('valid-for-writes');
  expect(ids).not.toContain('alignment');
});

test('filter box: kind checkboxes', async ({ page }) => {
  await page.goto(INDEX);
  const kindOf = (p: typeof page) =>
    p.locator(`${rows}:visible`).evaluateAll((rs) => [...new Set(rs.map((r) => r.getAttribute('data-kind')))].sort());
  expect(await kindOf(page)).toEqual(['concept', 'guarantee', 'invariant', 'justification', 'requirement']);
  await page.locator('.sd-kind-filter[value="requirement"]').uncheck();
  await page.locator('.sd-kind-filter[value="concept"]').uncheck();
  expect(await kindOf(page)).toEqual(['guarantee', 'invariant', 'justification']);
  expect(new URL(page.url()).searchParams.get('kinds')?.split(',').sort()).toEqual(['guarantee', 'invariant', 'justification']);
  await page.locator('.sd-kind-filter[value="requirement"]').check();
  expect(await kindOf(page)).toEqual(['guarantee', 'invariant', 'justification', 'requirement']);
});

test('filter box: the URL keeps ?q= state; reload and opening the URL restore the view', async ({ page, context }) => {
  await page.goto(INDEX);
  await page.locator('#sd-filter-input').fill('ValidCStr');
  await expect(page).toHaveURL(/\?q=ValidCStr$/);
  const filtered = await visibleIds(page);
  expect(filtered).toContain('nul-terminated-c-string');
  expect(filtered).not.toContain('alignment');
  expect(filtered.length).toBeLessThan(await page.locator(rows).count());
  await page.locator('.sd-kind-filter[value="invariant"]').uncheck();
  const url = page.url();
  expect(url).toMatch(/[?&]kinds=/);
  const narrowed = await visibleIds(page);

  await page.reload();
  await expect(page.locator('#sd-filter-input')).toHaveValue('ValidCStr');
  await expect(page.locator('.sd-kind-filter[value="invariant"]')).not.toBeChecked();
  expect(await visibleIds(page)).toEqual(narrowed);

  const other = await context.newPage();
  await other.goto(url);
  await expect(other.locator('#sd-filter-input')).toHaveValue('ValidCStr');
  expect(await visibleIds(other)).toEqual(narrowed);
  await other.close();
});
