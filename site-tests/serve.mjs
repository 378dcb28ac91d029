// Tiny static file server for the built site (node:http only, no dependencies).
// Usage: node serve.mjs PORT
//   /            -> ../target/book/html            (the real site)
//   /__fixture/  -> .fixture/target/book/html      (the escaping-fixture site built by global-setup)
// Binds to 127.0.0.1 only. Missing files get a real 404, directories serve index.html.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.argv[2] || process.env.SD_TEST_PORT || 4173);
const siteRoot = path.resolve(here, '..', 'target', 'book', 'html');
const fixtureBase = path.resolve(here, '.fixture', 'target', 'book');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

function fixtureRoot() {
  // With several mdBook backends the HTML goes to target/book/html, with one to target/book.
  const html = path.join(fixtureBase, 'html');
  return fs.existsSync(html) ? html : fixtureBase;
}

function send(res, status, body, type = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'method not allowed\n');
  }
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  } catch {
    return send(res, 400, 'bad request\n');
  }
  let root = siteRoot;
  if (pathname === '/__fixture' || pathname.startsWith('/__fixture/')) {
    root = fixtureRoot();
    pathname = pathname.slice('/__fixture'.length) || '/';
  }
  let file = path.join(root, path.normalize(pathname));
  if (file !== root && !file.startsWith(root + path.sep)) {
    return send(res, 403, 'forbidden\n');
  }
  fs.stat(file, (err, st) => {
    if (!err && st.isDirectory()) {
      file = path.join(file, 'index.html');
      try { st = fs.statSync(file); } catch (e) { err = e; }
    }
    if (err || !st.isFile()) {
      return send(res, 404, `not found: ${pathname}\n`);
    }
    const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': st.size, 'Cache-Control': 'no-store' });
    if (req.method === 'HEAD') { return res.end(); }
    fs.createReadStream(file).pipe(res);
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`serving ${siteRoot} on http://127.0.0.1:${port}/`);
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => server.close(() => process.exit(0)));
}
