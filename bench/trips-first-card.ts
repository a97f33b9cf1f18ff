// `npm run bench:trips` (issue 7): time to the first trip card on My Trips for a rider with 20
// trips, in Debian's Chromium against the built app (`npm start`'s server, PGlite), beside the
// trips API's own answer time in the same run as the baseline. Seven loads each, cold (a new
// browser context: nothing cached), cold over an emulated mobile network, warm (a tap on Trips
// in the running app, from the Profile page, timed from the click), and a returning rider (a
// profile with the service worker installed opening My Trips in a new tab). Prints medians;
// writes bench/results/trips-first-card.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { stopChild, waitForHealthy } from './lib/child';
import { summarise, writeResults } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 7;
const TRIPS = 20;
const HOUR = 3_600_000;
const PORT = 7000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;
const TERMINAL_1 = { name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105, encodedString: '' };
const KORAMANGALA = {
  name: 'Koramangala',
  latitude: 12.9352,
  longitude: 77.6245,
  encodedString: '',
};

type Session = { id: string; token: string; email: string };
/** Milliseconds to the first card; warm visits also from before Playwright's click checks. */
type FirstCard = { ms: number; fromBeforeClickMs: number };

/** Records when the first trip card enters the DOM (performance.now(), navigation start = 0). */
const WATCH_FIRST_CARD = `new MutationObserver((_, observer) => {
  if (!document.querySelector('[role="tabpanel"] article')) return;
  window.firstCardAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

const post = async (url: string, body: unknown, token?: string) => {
  const response = await fetch(`${BASE}/api${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { entities: Record<string, string>[]; token?: string };
  if (!response.ok) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json;
};

/** Signs a rider up through the API, reading the code from the mail outbox (no SMTP configured). */
async function signUp(dataDir: string): Promise<Session> {
  const email = `bench.${Date.now().toString(36)}@example.com`;
  await post('/otp/generate', { email, purpose: 'signup' });
  const outbox = path.join(dataDir, 'outbox');
  let otp: string | undefined;
  for (let i = 0; i < 100 && !otp; i++) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (text.includes(email)) otp = /\b(\d{6})\b/.exec(text)?.[1];
    }
    if (!otp) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!otp) throw new Error('no OTP in the outbox');
  const { verificationToken } = (await post('/otp/verify', { email, otp })).entities[0]!;
  const created = await post('/user/create', {
    firstName: 'Bench',
    lastName: 'Rider',
    email,
    password: 'secret123',
    verificationToken,
  });
  return { id: created.entities[0]!._id!, token: created.token!, email };
}

/** A new browser profile, signed in as the rider, recording each page's first trip card. */
async function riderContext(browser: Browser, rider: Session): Promise<BrowserContext> {
  const context = await browser.newContext();
  // Browser code as text: the bench compiles against Node's types, not the DOM's.
  await context.addInitScript({
    content: `
      localStorage.setItem('userId', ${JSON.stringify(rider.id)});
      localStorage.setItem('userEmail', ${JSON.stringify(rider.email)});
      localStorage.setItem('token', ${JSON.stringify(rider.token)});
      ${WATCH_FIRST_CARD}`,
  });
  // Map tiles come from the internet: answered empty here, as offline.
  await context.route(/tile\.openstreetmap/, (route) => route.fulfill({ status: 204 }));
  return context;
}

/**
 * A returning rider: a profile that has used the app before (its service worker installed, the
 * app's files in its caches) opens My Trips in a new tab. Milliseconds to the first card.
 */
async function returningCardMs(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${BASE}/dashboard`);
    await page.locator('[role="tabpanel"] article').first().waitFor();
    return await page.evaluate<number>('window.firstCardAt');
  } finally {
    await page.close();
  }
}

/** Milliseconds from navigation start to the first trip card in the DOM, read in the page. */
async function firstCard(
  browser: Browser,
  rider: Session,
  warm: boolean,
  mobileNetwork = false,
): Promise<FirstCard> {
  const context = await riderContext(browser, rider);
  const page = await context.newPage();
  if (mobileNetwork) {
    // Lighthouse's mobile network: 150 ms round trips, 1.6 Mbps down, 750 kbps up. On the
    // loopback every request is nearly free, so only this shows what a waterfall of requests costs.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  try {
    if (warm) {
      await page.goto(`${BASE}/dashboard`);
      await page.locator('[role="tabpanel"] article').first().waitFor();
      await page.goto(`${BASE}/profile`);
      await page.getByRole('heading', { name: 'My Profile' }).waitFor();
      // A warm visit is an in-app navigation: the app already running in the tab. It is timed
      // from the click as the page receives it; Playwright's own checks before clicking (the
      // link visible, stable and hit) are timed too, for comparison with earlier runs.
      await page.evaluate(
        `window.firstCardAt = undefined; window.beforeClick = performance.now();
         document.addEventListener('click', (event) => { window.navStart = event.timeStamp; },
           { capture: true, once: true });
         ${WATCH_FIRST_CARD}`,
      );
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Trips' })
        .click();
    } else {
      await page.goto(`${BASE}/dashboard`);
    }
    await page.locator('[role="tabpanel"] article').first().waitFor();
    return await page.evaluate<FirstCard>(
      '({ ms: window.firstCardAt - (window.navStart ?? 0), fromBeforeClickMs: window.firstCardAt - (window.beforeClick ?? 0) })',
    );
  } finally {
    await context.close();
  }
}

async function apiMs(rider: Session): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/match-or-ride-request/upcoming/${rider.id}`, {
    headers: { authorization: `Bearer ${rider.token}` },
  });
  await response.json();
  return performance.now() - started;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/server.js'))) {
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-bench-trips-'));
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  let browser: Browser | undefined;
  try {
    // Inside the try: a browser that cannot start must not leave the server running.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    await waitForHealthy(server, `${BASE}/api/health`);
    const rider = await signUp(dataDir);
    const first = Math.ceil((Date.now() + 3 * HOUR) / 60_000) * 60_000;
    for (let i = 0; i < TRIPS; i++) {
      // Three hours apart: a rider's open requests may not be within two hours of each other.
      await post(
        '/ride-request/create',
        { source: TERMINAL_1, destination: KORAMANGALA, timeOfTravel: first + i * 3 * HOUR },
        rider.token,
      );
    }
    // One load first so the server's caches and JIT are warm for every measured run.
    await firstCard(browser, rider, false);
    const returningProfile = await riderContext(browser, rider);
    const firstVisit = await returningProfile.newPage();
    await firstVisit.goto(`${BASE}/dashboard`);
    // Installed once the page has loaded (register-sw.ts); `ready` waits for it to be active.
    await firstVisit.evaluate('navigator.serviceWorker.ready');
    await firstVisit.close();
    const api: number[] = [];
    const cold: number[] = [];
    const coldMobile: number[] = [];
    const warm: number[] = [];
    const warmBeforeClick: number[] = [];
    const returning: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      api.push(await apiMs(rider));
      cold.push((await firstCard(browser, rider, false)).ms);
      coldMobile.push((await firstCard(browser, rider, false, true)).ms);
      const visit = await firstCard(browser, rider, true);
      warm.push(visit.ms);
      warmBeforeClick.push(visit.fromBeforeClickMs);
      returning.push(await returningCardMs(returningProfile));
    }
    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} CPUs`,
      trips: TRIPS,
      runs: RUNS,
      tripsApiMs: summarise(api),
      firstCardColdMs: summarise(cold),
      firstCardColdMobileNetworkMs: summarise(coldMobile),
      firstCardWarmMs: summarise(warm),
      firstCardWarmFromBeforeClickChecksMs: summarise(warmBeforeClick),
      firstCardReturningRiderNewTabMs: summarise(returning),
      coldToApiRatio: Math.round((summarise(cold).p50 / summarise(api).p50) * 10) / 10,
      targetMs: 200,
    };
    console.log(JSON.stringify(results, null, 2));
    console.log(`written to ${writeResults('trips-first-card', results)}`);
  } finally {
    await browser?.close();
    await stopChild(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
