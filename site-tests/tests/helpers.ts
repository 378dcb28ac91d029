import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repo = path.resolve(__dirname, '..', '..');
export const siteDir = path.join(repo, 'target', 'book', 'html');
// Screenshots are test artifacts under target/ (never committed).
export const screenshotDir = path.join(repo, 'target', 'site-tests', 'screenshots');

/** One page of each type the site has, for screenshots, accessibility and layout checks. */
export const PAGE_TYPES: { name: string; path: string }[] = [
  { name: 'home', path: 'index.html' },
  { name: 'chapter', path: 'soundness.html' },
  { name: 'entry', path: 'dictionary/valid-for-reads.html' },
  { name: 'dictionary-index', path: 'dictionary/index.html' },
  { name: 'kind-index', path: 'dictionary/kinds/requirement.html' },
  { name: 'examples-index', path: 'examples.html' },
  { name: 'example', path: 'examples/valid-for-reads.html' },
  { name: 'expander', path: 'expander.html?text=' + encodeURIComponent('// SAFETY: `ptr` is valid for reads by function requirements.') },
];

/** Runs the CLI of the workspace and returns its standard output: the release binary that
 * `cargo xtask test` builds with the site (a separate `cargo run -p safety-dict` may rebuild it
 * with other features), or `cargo run` when there is none. */
export function cli(args: string[], input?: string): string {
  const bin = path.join(repo, 'target', 'release', 'safety-dict');
  const [cmd, pre] = fs.existsSync(bin) ? [bin, []] : ['cargo', ['run', '-q', '--release', '-p', 'safety-dict', '--']];
  return execFileSync(cmd, [...pre, ...args], {
    cwd: repo, input, encoding: 'utf8', timeout: 120_000, stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** WCAG contrast ratio of two CSS colours `rgb(r, g, b)` / `rgba(r, g, b, a)` (opaque assumed). */
export function contrast(fg: string, bg: string): number {
  const parse = (c: string) => {
    const m = c.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/);
    if (!m) throw new Error(`not an rgb colour: ${c}`);
    return [m[1], m[2], m[3]].map(Number);
  };
  const lum = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(parse(fg)), lum(parse(bg))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `site-url` from the [output.html] table of book.toml (not hard-coded in the tests). */
export function siteUrl(): string {
  const toml = fs.readFileSync(path.join(repo, 'book.toml'), 'utf8');
  const table = toml.split(/^\[/m).find((t) => t.startsWith('output.html]'));
  const m = table && table.match(/^site-url\s*=\s*"([^"]*)"/m);
  if (!m) throw new Error('book.toml has no site-url in [output.html]');
  return m[1].endsWith('/') ? m[1] : m[1] + '/';
}

/** Every HTML page of the built site, relative to its root, with forward slashes. */
export function allPages(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) out.push(path.relative(siteDir, p).split(path.sep).join('/'));
    }
  };
  walk(siteDir);
  return out.sort();
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, name), fullPage: true });
}

/** Use mdBook's own search: press `s`, type the query, return the result links. */
export async function searchSite(page: Page, query: string) {
  await page.goto('index.html');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('s');
  const bar = page.locator('#mdbook-searchbar');
  await expect(bar).toBeVisible();
  await expect(bar).toBeFocused();
  await bar.pressSequentially(query, { delay: 10 });
  const results = page.locator('#mdbook-searchresults a');
  await expect(results.first()).toBeVisible();
  return results;
}
