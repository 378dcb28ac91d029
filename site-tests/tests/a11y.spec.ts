import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_TYPES, screenshotDir } from './helpers';

// Issue 13, item 6: axe on every page type, at 1280 px and 375 px, in the light and a dark
// theme: no serious or critical violation. Each page is also saved as a screenshot artifact
// (target/site-tests/screenshots/<type>-<width>[-dark].png).
test.describe.configure({ mode: 'parallel' });

async function audit(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} node(s), e.g. ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} [${(n.any[0]?.message ?? n.failureSummary ?? '').slice(0, 140)}]`).join(' | ')}`);
}

for (const width of [1280, 375]) {
  for (const theme of ['light', 'navy']) {
    test(`axe: every page type at ${width} px, ${theme} theme; screenshots`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 900 : 740 },
        ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      await context.addInitScript((t) => { try { localStorage.setItem('mdbook-theme', t); } catch { /* storage off */ } }, theme);
      const page = await context.newPage();
      const problems: string[] = [];
      fs.mkdirSync(screenshotDir, { recursive: true });
      for (const { name, path: p } of PAGE_TYPES) {
        await page.goto(p);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        if (name === 'expander') await expect(page.locator('#sd-expander-output .sd-expander-item').first()).toBeVisible();
        const file = path.join(screenshotDir, `${name}-${width}${theme === 'light' ? '' : '-' + theme}.png`);
        await page.screenshot({ path: file, fullPage: name !== 'examples-index' && name !== 'dictionary-index' });
        for (const v of await audit(page)) problems.push(`${name} (${p}): ${v}`);
      }
      console.log(`axe at ${width} px, ${theme}: ${PAGE_TYPES.length} page types, ${problems.length} serious/critical violation(s)`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}
