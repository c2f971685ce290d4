// The README's pictures of the page: desktop and phone, light and dark.
// Run by hand after web/build.sh: `node tests/screenshots.mjs` in web/.
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const server = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'],
});
const shots = [
  ['desktop-light', { viewport: { width: 1280, height: 800 }, colorScheme: 'light' }],
  ['desktop-dark', { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' }],
  ['phone-light', { viewport: { width: 390, height: 844 }, colorScheme: 'light', hasTouch: true, isMobile: true }],
  ['phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark', hasTouch: true, isMobile: true }],
];
const out = process.argv[2] ?? 'screenshots';
for (const [name, options] of shots) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]');
  // A game under way: a few digits, the candidates, a hint's area.
  await page.getByRole('button', { name: 'Fill candidates', exact: true }).click();
  await page.getByRole('gridcell', { name: /^A1 / }).click();
  await page.keyboard.press('4');
  await page.getByRole('gridcell', { name: /^C5 / }).click();
  await page.keyboard.press('h');
  await page.keyboard.press('h');
  await page.screenshot({ path: `${out}/${name}.png` });
  await context.close();
}
await browser.close();
await server.close();
