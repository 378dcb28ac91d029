import { defineConfig, devices } from '@playwright/test';

// One port per run, shared with the workers through the environment (they inherit it).
process.env.SD_TEST_PORT ||= String(20000 + (process.pid % 20000));
const port = Number(process.env.SD_TEST_PORT);

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 2,
  // One retry under CI: a 2-core CI machine running Chromium beside other work has stalled a
  // page once (an evaluate that never returned, 2026-12-06); a test that fails twice fails, and
  // the list reporter marks a test that passed on its retry as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  outputDir: 'test-results/artifacts',
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node serve.mjs ${port}`,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    timeout: 20_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
