import { test, expect } from '@playwright/test';
import { siteUrl, screenshot } from './helpers';

const ENTRY = 'dictionary/valid-for-reads.html';

test('entry page: heading anchors exist and work', async ({ page }) => {
  await page.goto(ENTRY);
  await screenshot(page, 'entry-valid-for-reads.png');
  for (const id of ['meaning', 'full-expansion', 'notes', 'wordings', 'safety-tags', 'see-also']) {
    const heading = page.locator(`main h2#${id}`);
    await expect(heading, `heading #${id}`).toHaveCount(1);
    const link = heading.locator(`a[href="#${id}"]`);
    await expect(link, `self-link of #${id}`).toHaveCount(1);
  }
  // Clicking the anchor of a heading far down the page moves the URL and scrolls it into view.
  await page.locator('main h2#wordings a').click();
  await expect(page).toHaveURL(/#wordings$/);
  await expect(page.locator('main h2#wordings')).toBeInViewport();
  // Opening a deep link directly scrolls to the heading.
  await page.goto(ENTRY + '#see-also');
  await expect(page.locator('main h2#see-also')).toBeInViewport();
  await expect(page.locator('main h1')).not.toBeInViewport();
});

test('entry page: copy-link puts the stable URL (site-url + path) into the clipboard', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await page.goto(ENTRY);
  await page.evaluate(() => navigator.clipboard.writeText('not copied yet'));
  const button = page.locator('main button.sd-copy');
  await expect(button).toBeVisible();
  await button.click();
  await expect(button).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(siteUrl() + ENTRY);
});

test('entry page: the expansion tree opens below its first level on demand, with the substituted text', async ({ page }) => {
  await page.goto(ENTRY);
  const tree = page.locator('main .sd-expansion');
  await expect(tree).toBeVisible();
  // A folded line (in-bounds, nested under dereferenceable) whose body has the substituted size.
  const deref = tree.locator('li', { has: page.locator(':scope > .sd-node a.sd-ref[href$="dereferenceable.html"]') }).first();
  const inBounds = deref.locator('li', { has: page.locator(':scope > .sd-node a.sd-ref[href$="in-bounds.html"]') }).first();
  const body = inBounds.locator(':scope > ul > li').first();
  const derefButton = deref.locator(':scope > button.sd-fold');
  await expect(derefButton).toHaveAttribute('aria-expanded', 'false');
  await expect(body).toBeHidden();
  await derefButton.click();
  await expect(derefButton).toHaveAttribute('aria-expanded', 'true');
  await expect(inBounds.locator(':scope > .sd-node')).toBeVisible();
  await expect(inBounds.locator(':scope > .sd-node')).toContainText('size_of::<T>()');
  await inBounds.locator(':scope > button.sd-fold').click();
  await expect(body).toBeVisible();
  // The variables of in-bounds (`ptr`, `size`) are substituted: no bare `size` placeholder left.
  await expect(body).toContainText('size_of::<T>()');
  await expect(body).toContainText('ptr');
  await expect(body).not.toContainText(/\bsize\b(?!_of)/);
  // Closing hides it again.
  await inBounds.locator(':scope > button.sd-fold').click();
  await expect(body).toBeHidden();
  // "Expand all" opens every line; pressed again, the tree is back at its first level.
  const all = tree.locator('button.sd-fold-all');
  await expect(all).toHaveText('Expand all');
  await all.click();
  await expect(body).toBeVisible();
  expect(await tree.locator('button.sd-fold[aria-expanded="false"]').count()).toBe(0);
  await all.click();
  await expect(body).toBeHidden();
  await expect(derefButton).toHaveAttribute('aria-expanded', 'false');
});
