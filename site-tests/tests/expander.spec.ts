import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { cli, siteDir } from './helpers';

// The web expander must give, for every case of the conformance corpus written by the CLI
// (`safety-dict corpus --out FILE`), exactly the CLI's JSON output.
test('web expander agrees with the CLI on the whole conformance corpus', async ({ page }) => {
  test.setTimeout(120_000);
  expect(fs.existsSync(path.join(siteDir, 'expander.html')), 'expander.html is in the built site').toBe(true);
  const out = path.join(__dirname, '..', 'test-results', 'corpus.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  cli(['corpus', '--out', out]);
  const corpus = JSON.parse(fs.readFileSync(out, 'utf8'));
  const cases: any[] = Array.isArray(corpus) ? corpus : corpus.cases;
  expect(Array.isArray(cases), 'corpus is an array of cases or {cases: [...]}').toBe(true);
  expect(cases.length).toBeGreaterThan(0);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('expander.html');
  await page.waitForFunction(() => typeof (window as any).safetyDictExpand === 'function', null, { timeout: 10_000 });
  const inputs = cases.map((c) => c.input);
  const actual = await page.evaluate(async (ins) => {
    const f = (window as any).safetyDictExpand;
    const res = [];
    for (const i of ins) {
      try {
        const ok = await f(i);
        res.push({ ok, markdown: (window as any).safetyDictMarkdown(ok) });
      } catch (e: any) { res.push({ error: String(e && e.message || e) }); }
    }
    return res;
  }, inputs);
  const mismatches: string[] = [];
  cases.forEach((c, i) => {
    const expected = c.expected ?? c.output ?? c.json;
    if (c.input === undefined || expected === undefined || typeof c.markdown !== 'string') {
      mismatches.push(`case ${i}: no input, no expected/output/json or no markdown field (keys: ${Object.keys(c).join(', ')})`);
      return;
    }
    const got = actual[i];
    if (!('ok' in got) || JSON.stringify(got.ok) !== JSON.stringify(expected)) {
      try { expect(got.ok).toEqual(expected); }
      catch { mismatches.push(`case ${c.name ?? i} (${JSON.stringify(c.input).slice(0, 80)}): ${got.error ?? 'differs'}`); }
    } else if (got.markdown !== c.markdown) {
      mismatches.push(`case ${c.name ?? i} (${JSON.stringify(c.input).slice(0, 80)}): Markdown differs:\n${got.markdown}\n--- CLI:\n${c.markdown}`);
    }
  });
  expect(mismatches, `${mismatches.length} of ${cases.length} corpus cases differ`).toEqual([]);
  expect(errors).toEqual([]);
});
