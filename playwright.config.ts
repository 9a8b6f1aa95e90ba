import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Browser journeys in Debian's Chromium against the built server on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // One worker: the journeys share the demo accounts (purchasing rights, passwords, selections).
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test keeps its trace: every action with the page's DOM before and after it, the network and the
    // console. Not the screencast: its frames cost the two cores about a sixth of the run's time (three specs,
    // 23 tests: 61–68 s with them, 56 s without), and the DOM snapshots show the same pages.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Lets the tests inject axe-core; the app's own CSP is checked by the server tests.
    bypassCSP: true,
    // The offline worker would precache the whole app in every test's fresh browser: only offline.spec has it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
      testIgnore: /(phone|account)\.spec/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      testMatch: /phone\.spec/,
    },
    // Journeys that change a demo account's password run after every other test is done.
    {
      name: 'account-changes',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
      testMatch: /account\.spec/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: {
    command: 'node e2e/server.mjs',
    url: `http://127.0.0.1:${PORT}/readyz`,
    env: { PORT: String(PORT), LOG_LEVEL: 'warn' },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
