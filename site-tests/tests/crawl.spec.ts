import { test, expect } from '@playwright/test';
import { allPages } from './helpers';

// Every HTML file of the built site: no console errors, no uncaught exceptions, no failed
// same-origin requests. External requests are blocked (offline run) and not counted.
test('crawl every page: no console errors and no failed requests', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const pages = allPages();
  expect(pages.length).toBeGreaterThan(100);
  const problems: string[] = [];
  let current = '';
  await page.route((url) => url.origin !== origin && url.protocol.startsWith('http'), (route) => route.abort());
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${current}: console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${current}: uncaught: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (new URL(r.url()).origin === origin) problems.push(`${current}: request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (new URL(r.url()).origin === origin && r.status() >= 400) problems.push(`${current}: HTTP ${r.status()}: ${r.url()}`);
  });
  // The console filter of an aborted external request shows up as an error message; those are
  // only ignored when they name a non-local URL.
  for (const p of pages) {
    current = p;
    const res = await page.goto(p, { waitUntil: 'load' });
    expect(res?.status(), p).toBe(200);
  }
  await page.waitForTimeout(100);
  expect(problems).toEqual([]);
});
