import { test, expect, type Page } from '@playwright/test';
import { allPages } from './helpers';

// Every HTML file of the built site: no console errors, no uncaught exceptions, no failed
// same-origin requests. External requests (e.g. the Rust playground's crate list on print.html)
// are blocked, since the run is offline, and their failures are not counted.
// The pages are split into two halves (one per worker), each crawled with a few tabs at once.
test.describe.configure({ mode: 'parallel' });
const SHARDS = 2;
const TABS = 4;

for (let shard = 0; shard < SHARDS; shard++) {
  test(`crawl every page (part ${shard + 1}/${SHARDS}): no console errors, no failed requests`, async ({ context, baseURL }) => {
    test.setTimeout(150_000);
    const origin = new URL(baseURL!).origin;
    const all = allPages();
    expect(all.length).toBeGreaterThan(100);
    expect(all).toContain('dictionary/valid-for-reads.html');
    const mine = all.filter((_, i) => i % SHARDS === shard);
    const local = (u: string) => { try { return new URL(u).origin === origin; } catch { return true; } };
    await context.route((url) => url.origin !== origin && url.protocol.startsWith('http'), (route) => route.abort());
    const problems: string[] = [];
    // mdBook's playground code fetches the crate list from play.rust-lang.org on pages with Rust
    // code; offline that fetch fails and book.js leaves the rejection unhandled. Such a
    // "Failed to fetch" is only forgiven on a page where an external request really failed. The
    // rejection can arrive after the tab has moved on to the next page (the fetch starts at
    // `load`, when `goto` returns), so it is forgiven when the page before failed one too.
    const externalFailed = new Set<string>();
    const fetchErrors: [string, string][] = [];
    const queue = [...mine];
    async function worker(page: Page) {
      let current = '';
      let previous = '';
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const where = m.location().url;
        if (where && !local(where)) return; // an aborted external resource
        problems.push(`${current}: console error: ${m.text()} (${where})`);
      });
      page.on('pageerror', (e) => {
        if (e.message === 'Failed to fetch') fetchErrors.push([current, previous]);
        else problems.push(`${current}: uncaught: ${e.message}`);
      });
      page.on('requestfailed', (r) => {
        if (local(r.url())) problems.push(`${current}: request failed: ${r.url()} ${r.failure()?.errorText}`);
        else externalFailed.add(current);
      });
      page.on('response', (r) => {
        if (local(r.url()) && r.status() >= 400) problems.push(`${current}: HTTP ${r.status()}: ${r.url()}`);
      });
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
        previous = current;
        current = p;
        const res = await page.goto(p, { waitUntil: 'load' });
        if (res?.status() !== 200) problems.push(`${p}: status ${res?.status()}`);
      }
      await page.waitForTimeout(100);
    }
    const pages = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
    await Promise.all(pages.map(worker));
    for (const [p, before] of fetchErrors) {
      if (!externalFailed.has(p) && !externalFailed.has(before)) {
        problems.push(`${p}: uncaught: Failed to fetch (no external request failed)`);
      }
    }
    expect(problems).toEqual([]);
  });
}
