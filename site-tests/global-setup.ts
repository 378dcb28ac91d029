// Global setup: make sure the real site exists, and build the escaping-fixture site.
//
// The fixture is the repository's book (book.toml, book/, theme/, dictionary/, stable-urls.txt)
// plus one extra concept entry whose summary and notes contain `<script>`, `&` and an `<img
// onerror>`. It is built with the real preprocessor binary into site-tests/.fixture/, which
// serve.mjs serves under /__fixture/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repo = path.resolve(__dirname, '..');
export const fixtureDir = path.join(__dirname, '.fixture');

export const FIXTURE_TOML = `id = "escaping-fixture"
phrase = "escaping fixture"
summary = "Fixture: <script>window.__sdInjected = 1; alert('summary')</script> & <b id=\\"sd-injected\\">bold</b> must show as text."
notes = """
Notes with <script>window.__sdInjected = 2; alert("notes")</script> and <img id="sd-injected-img" src=x onerror="window.__sdInjected=3"> & AT&T."""
`;

function run(cmd: string, args: string[], cwd: string) {
  try {
    execFileSync(cmd, args, { cwd, stdio: 'pipe', timeout: 600_000 });
  } catch (e: any) {
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

export default async function globalSetup() {
  const site = path.join(repo, 'target', 'book', 'html', 'index.html');
  if (process.env.SD_BUILD_SITE === '1' || !fs.existsSync(site)) {
    run('cargo', ['build', '--release', '-p', 'mdbook-safety-dict', '-p', 'safety-dict'], repo);
    run('mdbook', ['build'], repo);
  }
  if (!fs.existsSync(site)) {
    throw new Error(`the site was not built: ${site} is missing`);
  }

  const bin = path.join(repo, 'target', 'release', 'mdbook-safety-dict');
  if (!fs.existsSync(bin)) {
    run('cargo', ['build', '--release', '-p', 'mdbook-safety-dict'], repo);
  }
  fs.rmSync(fixtureDir, { recursive: true, force: true });
  fs.mkdirSync(fixtureDir, { recursive: true });
  for (const item of ['book', 'theme', 'dictionary']) {
    fs.cpSync(path.join(repo, item), path.join(fixtureDir, item), { recursive: true });
  }
  fs.copyFileSync(path.join(repo, 'stable-urls.txt'), path.join(fixtureDir, 'stable-urls.txt'));
  for (const item of ['examples', 'qemu-examples']) {
    if (fs.existsSync(path.join(repo, item))) {
      fs.symlinkSync(path.join(repo, item), path.join(fixtureDir, item));
    }
  }
  // Same book.toml, but the preprocessor is the built binary (the wrapper script would look
  // for sources relative to the fixture directory and fall back to cargo).
  const bookToml = fs.readFileSync(path.join(repo, 'book.toml'), 'utf8');
  const patched = bookToml.replace(
    /^command = "sh tools\/mdbook-safety-dict\/run\.sh"$/m,
    `command = ${JSON.stringify(bin)}`,
  );
  if (patched === bookToml) {
    throw new Error('book.toml has no `command = "sh tools/mdbook-safety-dict/run.sh"` line to override');
  }
  // additional-css/js files that do not exist (yet) in the tree are left out of the fixture, so
  // the fixture still builds while someone is half-way through adding one.
  const pruned = patched.replace(/^(additional-(?:css|js)\s*=\s*)\[([^\]]*)\]/gm, (_all, head: string, list: string) => {
    const files = [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]).filter((f) => fs.existsSync(path.join(repo, f)));
    return head + JSON.stringify(files);
  });
  fs.writeFileSync(path.join(fixtureDir, 'book.toml'), pruned);
  fs.writeFileSync(path.join(fixtureDir, 'dictionary', 'concept', 'escaping-fixture.toml'), FIXTURE_TOML);
  run('mdbook', ['build'], fixtureDir);
  const out = [path.join(fixtureDir, 'target', 'book', 'html'), path.join(fixtureDir, 'target', 'book')]
    .map((d) => path.join(d, 'dictionary', 'escaping-fixture.html'))
    .find((f) => fs.existsSync(f));
  if (!out) {
    throw new Error('the fixture build wrote no dictionary/escaping-fixture.html');
  }
}
