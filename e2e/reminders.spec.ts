import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { keepOnEveryLoad, keptSetups } from './fixtures/app-storage.ts';
import { OwnChain } from './fixtures/own-chain.ts';
import { ALICE, CONTROLLER } from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Renewal reminders (docs/product-rules.md, "Renewal reminders") against a chain of this spec
 * file's own whose clock is moved with dev_timeTravel, so the seeded 30-day subscription ends within
 * 7 days, then tomorrow, then has ended. Days count by the chain's clock; the page's is real.
 */

const DAY = 86_400_000;
// Dates in words as the brief gives them: "on 29 November", in a fixed time zone.
test.use({ locale: 'en-GB', timezoneId: 'UTC', serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

let own: OwnChain;
let expiry: number;
/** 12:00 UTC, `days` calendar days before the day the subscription ends. */
const noonBefore = (days: number) => {
  const end = new Date(expiry);
  return Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - days, 12);
};
const endDay = () =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long' }).format(
    expiry,
  );

test.beforeAll(async () => {
  own = await OwnChain.start('reminders');
  expiry = await own.expiryOf(ALICE);
  await own.travelTo(noonBefore(5));
});

test.afterAll(async () => {
  await own?.stop();
});

/** This browser keeps the seeded setup and talks to this spec file's chain. */
async function openApp(page: Page, route: string) {
  await keepOnEveryLoad(page, {
    'rpc-parachain': own.url,
    ...keptSetups([
      { owner: ALICE, name: 'Seeded home', network: 'local', controller: { address: CONTROLLER } },
    ]),
  });
  await page.goto(route);
}

const line = (page: Page) => page.getByTestId('renewal-line');

test('the dashboard card and the devices page say the subscription ends in 5 days, with Renew', async ({
  page,
}) => {
  await openApp(page, './');
  const card = page.getByRole('region', { name: 'Seeded home' });
  await expect(card.getByTestId('renewal-line')).toHaveText(
    new RegExp(`^Seeded home: the subscription ends in 5 days, on ${endDay()}\\.`),
  );
  // Renew: the buy flow with this setup preselected.
  const renew = card.getByRole('link', { name: 'Renew Seeded home' });
  await expect(renew).toHaveAttribute('href', `#/rws-buy?owner=${ALICE}`);
  await renew.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buy a Subscription' })).toBeVisible();
  await expect(page.getByTestId('renewal-for')).toContainText('Renewing Seeded home');
  await expect(page.getByTestId('renewal-for')).toContainText(
    'A new one starts when its auction closes and replaces the current one',
  );

  await page.goto('./#/telemetry');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Devices control panel' }),
  ).toBeVisible();
  await expect(line(page)).toContainText(`the subscription ends in 5 days, on ${endDay()}`);
  await expect(line(page).getByRole('link', { name: 'Renew Seeded home' })).toBeVisible();
});

test('"Add to calendar" downloads an iCalendar file with the end and alarms 7 days and 1 day before', async ({
  page,
}) => {
  await openApp(page, './');
  const download = page.waitForEvent('download');
  await line(page)
    .getByRole('button', { name: /Add to calendar: the end of Seeded home/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('robonomics-Seeded-home-subscription-end.ics');
  const text = readFileSync((await file.path())!, 'utf8');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  // iCalendar counts whole seconds: the first one by which it has ended.
  expect(event.startDate.toJSDate().getTime()).toBe(Math.ceil(expiry / 1000) * 1000);
  expect(event.summary).toContain('Seeded home');
  const renewUrl = String(vevent.getFirstPropertyValue('url'));
  expect(renewUrl).toBe(`http://127.0.0.1:5173/#/rws-buy?owner=${ALICE}`);
  const alarms = vevent
    .getAllSubcomponents('valarm')
    .map((alarm) => (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds());
  expect(alarms).toEqual([-7 * 86_400, -86_400]);
});

interface Shown {
  title: string;
  body: string;
  tag: string;
  timestamp: number;
  url: string;
}

/** The notifications the app's worker shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      timestamp: (n as Notification & { timestamp: number }).timestamp,
      url: (n.data as { url: string }).url,
    }));
  }) as Promise<Shown[]>;

/** When the worker last checked (its IndexedDB state), 0 before any check. */
const lastCheck = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('robonomics-dapp-reminders', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('state');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('state').objectStore('state').get('state');
          get.onsuccess = () => {
            resolve((get.result as { lastCheck?: number } | undefined)?.lastCheck ?? 0);
            open.result.close();
          };
        };
      }),
  );

test('notifications: only from the button, 7 days and 1 day before, each exactly once', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['notifications']);
  await openApp(page, './');
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    {
      timeout: 30_000,
    },
  );
  const controls = page.getByTestId('reminder-controls');
  // Chromium has periodic background sync, granted only to an installed app: said beside the button.
  await expect(controls).toContainText('Install the app to have it checked in the background');
  expect(await shownNotifications(page)).toEqual([]);

  // The browser grants this app the daily background check, as it does an installed one (the
  // grant names every permission the origin keeps: the others are refused).
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const browserCdp = await browser.newBrowserCDPSession();
  await browserCdp.send('Browser.grantPermissions', {
    origin: 'http://127.0.0.1:5173',
    permissions: ['notifications', 'periodicBackgroundSync'],
    browserContextId: targetInfo.browserContextId,
  });
  await page.reload();
  await expect(controls).toContainText('Checked in the background about once a day');

  await controls.getByRole('button', { name: 'Notify me before subscriptions end' }).click();
  await expect(controls).toContainText('Notifications are on');
  await expect.poll(() => shownNotifications(page), { timeout: 30_000 }).toHaveLength(1);
  const [week] = await shownNotifications(page);
  expect(week).toMatchObject({
    title: 'Seeded home: the subscription ends in 5 days',
    url: `http://127.0.0.1:5173/#/rws-buy?owner=${ALICE}`,
  });
  expect(week?.body).toContain(`ends in 5 days, on ${endDay()}`);

  // Asked again (turned off and on: a check at once), and the page reloaded: nothing new.
  const checked = await lastCheck(page);
  await controls.getByRole('button', { name: 'Stop notifications' }).click();
  await controls.getByRole('button', { name: 'Notify me before subscriptions end' }).click();
  await expect.poll(() => lastCheck(page), { timeout: 30_000 }).toBeGreaterThan(checked);
  await page.reload();
  await expect(controls).toContainText('Notifications are on');
  expect(await shownNotifications(page)).toEqual([week]);

  // The browser holds the daily background check for the app (it fires it only where it sees a
  // network beyond this machine, so the next day is played by the open app below).
  expect(
    await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        periodicSync: { getTags(): Promise<string[]> };
      };
      return registration.periodicSync.getTags();
    }),
  ).toEqual(['renewal-reminders']);

  // Four days on by the chain's clock, and a day on for the worker (its last check is made a day
  // old): the app opened that day asks the worker, which shows the day's notice.
  await own.travelTo(noonBefore(1));
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('robonomics-dapp-reminders', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('state', 'readwrite').objectStore('state');
          const get = store.get('state');
          get.onsuccess = () => {
            const put = store.put(
              { ...get.result, lastCheck: get.result.lastCheck - 86_400_000 },
              'state',
            );
            put.onsuccess = () => {
              open.result.close();
              resolve();
            };
          };
        };
      }),
  );
  await page.reload();
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 30_000 })
    .toEqual(['Seeded home: the subscription ends tomorrow']);
  const [day] = await shownNotifications(page);

  // Once: a check at once shows nothing more.
  const before = await lastCheck(page);
  await controls.getByRole('button', { name: 'Stop notifications' }).click();
  await controls.getByRole('button', { name: 'Notify me before subscriptions end' }).click();
  await expect.poll(() => lastCheck(page), { timeout: 30_000 }).toBeGreaterThan(before);
  expect(await shownNotifications(page)).toEqual([day]);
  expect(day!.timestamp).toBeGreaterThan(week!.timestamp);
});

test('once ended, the line says so and what stops working', async ({ page }) => {
  await own.travelTo(expiry + 2 * DAY);
  await openApp(page, './#/telemetry');
  await expect(line(page)).toContainText(`the subscription ended on ${endDay()}.`);
  await expect(line(page)).toContainText('commands through the parachain fail');
  await expect(line(page).getByRole('link', { name: 'Renew Seeded home' })).toBeVisible();
  // An ended subscription has nothing to put in a calendar.
  await expect(line(page).getByRole('button', { name: /Add to calendar/ })).toHaveCount(0);
  await page.goto('./');
  await expect(line(page)).toContainText(`ended on ${endDay()}`);
});
