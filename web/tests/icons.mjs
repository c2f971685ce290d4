// Renders web/icon.svg to the PNG icons the web app manifest names
// (icon-192.png, icon-512.png) with headless Chromium. Run by hand in web/
// after changing the icon: `node tests/icons.mjs`.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const web = new URL('..', import.meta.url);
const svg = readFileSync(new URL('icon.svg', web), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'],
});
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>body{margin:0}svg{width:${size}px;height:${size}px;display:block}</style>${svg}`);
  await page.screenshot({ path: new URL(`icon-${size}.png`, web).pathname });
}
await browser.close();
