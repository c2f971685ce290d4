// End-to-end tests of the page: Playwright drives Debian's headless Chromium
// against web/ served from localhost, and finds everything by its ARIA role
// and name, as a screen reader would. Run by `npm test` in web/ (and .ci/run)
// after web/build.sh.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { loadSudokit } from '../sudokit.js';
import { serve } from './serve.mjs';

const EASY =
  '003020600900305001001806400008102900700000008006708200002609500800203009005010300';
const HARD =
  '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
// A norvig_top95 puzzle whose path needs forcing chains (ER 7.1).
const CHAINED =
  '48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....';

let server;
let browser;
let context;
let page;

before(async () => {
  assert.ok(existsSync(new URL('../sudokit.wasm', import.meta.url)), 'run web/build.sh first');
  server = await serve();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run'],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  await open();
});

afterEach(async () => { await context.close(); });

async function open(query = '') {
  await page.goto(server.url + query);
  await page.waitForSelector('body[data-ready=true]');
}

const board = () => page.getByRole('grid', { name: 'Sudoku board' });
const cell = (square) => board().getByRole('gridcell', { name: new RegExp(`^${square} `) });
const label = (square) => cell(square).getAttribute('aria-label');
const button = (name) => page.getByRole('button', { name, exact: true });
const radio = (name) => page.getByRole('radiogroup', { name: 'Input mode' }).getByRole('radio', { name, exact: true });
const status = () => page.getByRole('status').textContent();

/** Waits until the status says what `re` matches (heavy work answers from
 *  a worker, a moment later), and returns it. */
async function said(re, p = page) {
  await p.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=status]').textContent),
    re.source, { timeout: 30000 });
  return p.getByRole('status').textContent();
}
const explained = (p = page) => p.getByRole('region', { name: 'Explanation' }).waitFor();

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical findings on the page as it is now. */
async function axe(where = page) {
  if (!await where.evaluate(() => 'axe' in window)) await where.addScriptTag({ path: AXE });
  const found = await where.evaluate(async () => (await window.axe.run(document)).violations);
  return found.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes, e.g. ${v.nodes[0].target.join(' ')}: ` +
      `${v.nodes[0].failureSummary}`);
}

/** Opens the Tools panel (import, export, share, Explain, Replay) if it is closed. */
async function openTools(where = page) {
  const toggle = where.getByRole('button', { name: 'Tools', exact: true });
  if (await toggle.getAttribute('aria-expanded') === 'false') await toggle.click();
}

/** Chooses the rules hints and explanations follow, by the option's name. */
async function useRules(name, where = page) {
  await where.getByLabel('Rules').selectOption({ label: name });
}

async function importPuzzle(puzzle) {
  await openTools();
  await openTools();
  await page.getByLabel('Puzzle').fill(puzzle);
  await button('Import').click();
}

test('the board is an ARIA grid of 81 named cells', async () => {
  assert.equal(await board().getByRole('gridcell').count(), 81);
  assert.equal(await label('A3'), 'A3 given 3');
  assert.equal(await label('A1'), 'A1 empty');
});

test('import a puzzle, play digits by keyboard and mouse, undo and redo', async () => {
  await importPuzzle(HARD);
  assert.match(await status(), /Imported a puzzle with 17 givens/);
  assert.equal(await label('A1'), 'A1 given 4');
  await cell('A2').click();
  await page.keyboard.press('1');
  assert.equal(await label('A2'), 'A2 placed 1');
  await page.keyboard.press('ArrowRight');
  await button('9').click();
  assert.equal(await label('A3'), 'A3 placed 9');
  await button('Undo').click();
  assert.equal(await label('A3'), 'A3 empty');
  await button('Undo').click();
  assert.equal(await label('A2'), 'A2 empty');
  await button('Redo').click();
  assert.equal(await label('A2'), 'A2 placed 1');
  await cell('A2').click();
  await page.keyboard.press('Backspace');
  assert.equal(await label('A2'), 'A2 empty');
  await cell('A1').click();
  await page.keyboard.press('5');
  assert.equal(await label('A1'), 'A1 given 4');
  assert.match(await status(), /A1 is a given/);
});

test('bad imports are refused with the reason', async () => {
  await importPuzzle('123');
  assert.match(await status(), /Cannot import: found 3 squares/);
  assert.equal(await label('A3'), 'A3 given 3');
});

test('pencil marks by hand and filled in, cleared by a placed digit', async () => {
  await cell('A1').click();
  await radio('Corner').click();
  for (const d of ['1', '2', '7']) await page.keyboard.press(d);
  assert.equal(await label('A1'), 'A1 empty, candidates 1 2 7');
  await button('Fill candidates').click();
  assert.equal(await label('A1'), 'A1 empty, candidates 4 5');
  assert.equal(await label('A2'), 'A2 empty, candidates 4 5 7 8');
  await radio('Digit').click();
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.equal(await label('A2'), 'A2 empty, candidates 5 7 8');
});

test('each hint press gives away more, and Apply makes the move (SE\'s rules)', async () => {
  await useRules('Sudoku Explainer');
  await button('Hint').click();
  assert.equal(await status(), 'Hint (area): Look at box 1.');
  assert.match(await cell('C3').getAttribute('class'), /\barea\b/);
  assert.doesNotMatch(await cell('D1').getAttribute('class'), /\barea\b/);
  await button('Hint').click();
  assert.match(await status(), /^Hint \(technique\): Try Hidden single in a box/);
  await button('Hint').click();
  assert.match(await status(), /look at B2, digit 6/);
  assert.match(await cell('B2').getAttribute('class'), /\bfocus\b/);
  await button('Hint').click();
  assert.match(await status(), /^Hint \(move\): Hidden single in box 1: 6 can only go in B2/);
  await button('Apply').click();
  assert.equal(await label('B2'), 'B2 placed 6');
  assert.match(await status(), /^Applied: /);
});

// A puzzle whose path by HoDoKu's rules (Hard 880) takes a Skyscraper as
// its tenth step, after nine singles and locked candidates.
const SKYSCRAPER =
  '1....6.8..64..........4...7....9.6...7.4..5..5...7.1...5....32.3....8...4........';
// A puzzle whose path by HoDoKu's rules needs forcing nets from its fifth
// step, after locked candidates, a nice loop, an ALS-XZ and a forcing chain.
const NETS =
  '9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.';

test('hints follow HoDoKu\'s rules by default and name its techniques; SE\'s rules name others', async () => {
  await importPuzzle(SKYSCRAPER);
  await page.waitForFunction(() => /rating Hard 880 · ER \d+\.\d/.test(document.getElementById('info').textContent));
  for (let i = 0; i < 9; i++) await button('Apply').click();
  await button('Hint').click();
  await button('Hint').click();
  assert.match(await status(), /^Hint \(technique\): Try Skyscraper\b/);
  await button('Hint').click();
  await button('Hint').click();
  assert.match(await status(), /^Hint \(move\): Skyscraper/);
  // The switch to SE's rules changes the names, and is remembered.
  await useRules('Sudoku Explainer');
  assert.match(await status(), /now follow Sudoku Explainer's rules/);
  await button('Hint').click();
  await button('Hint').click();
  const se = await status();
  assert.match(se, /^Hint \(technique\): Try /);
  assert.doesNotMatch(se, /Skyscraper/);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await page.getByLabel('Rules').inputValue(), 'se');
  await useRules('HoDoKu');
  await button('Hint').click();
  await button('Hint').click();
  assert.match(await status(), /^Hint \(technique\): Try Skyscraper\b/);
  assert.deepEqual(await axe(), []);
});

test('a path that needs forcing nets is HoDoKu\'s to the end, and the hint names the net', async () => {
  await importPuzzle(NETS);
  await page.waitForFunction(() => /rating Extreme 24704 · ER \d+\.\d/.test(document.getElementById('info').textContent));
  for (let i = 0; i < 4; i++) await button('Apply').click();
  await button('Hint').click();
  await button('Hint').click();
  assert.match(await status(), /^Hint \(technique\): Try Forcing Net\b/);
  await openTools();
  await button('Explain').click();
  await explained();
  assert.match(await page.locator('#path-summary').textContent(), /^\d+ steps by HoDoKu's rules, Extreme 24704\.$/);
  assert.match(await page.locator('#path-steps button').nth(3).textContent(), /^Forcing chain/);
  assert.match(await page.locator('#path-steps button').nth(4).textContent(), /^Forcing net/);
});

test('a wrong digit is named by Check and by Hint', async () => {
  await cell('A1').click();
  await page.keyboard.press('5');
  await button('Check').click();
  assert.equal(await status(), '1 wrong: A1.');
  await button('Hint').click();
  assert.match(await status(), /A1 is wrong/);
});

test('applying hints solves a hard puzzle', async () => {
  await importPuzzle(HARD);
  for (let i = 0; i < 200 && !/Solved/.test(await status()); i++) {
    await button('Apply').click();
  }
  // The solve is marked: the board lights up, the time and rating are said.
  const solved = /^Solved in \d+:\d\d! Every square is right\. Rating .+ · ER \d+\.\d \(EP [\d.]+, ED [\d.]+\)\.$/;
  assert.match(await status(), solved);
  assert.match(await board().getAttribute('class'), /\bsolved\b/);
  assert.match(await board().getAttribute('class'), /\bcelebrate\b/);
  for (const square of ['A2', 'E5', 'I9']) assert.match(await label(square), / (placed|given) \d$/);
  await button('Check').click();
  assert.match(await status(), solved);
});

test('the game survives a reload', async () => {
  await cell('A1').click();
  await page.keyboard.press('4');
  await cell('A2').click();
  await radio('Corner').click();
  await page.keyboard.press('5');
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.equal(await label('A2'), 'A2 empty, candidates 5');
  assert.match(await status(), /as you left it/);
  await button('Undo').click();
  assert.equal(await label('A2'), 'A2 empty');
});

test('a share link carries the puzzle and leaves the address as it was', async () => {
  await importPuzzle(HARD);
  const before = page.url();
  await openTools();
  await button('Share').click();
  assert.match(await status(), new RegExp(`\\?p=${HARD.replaceAll('.', '\\.')}$`));
  const link = await page.getByLabel('Share link').inputValue();
  assert.equal(link, `${server.url}?p=${HARD}`);
  assert.equal(page.url(), before);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await other.waitForSelector('body[data-ready=true]');
  const a1 = other.getByRole('gridcell', { name: /^A1 / });
  assert.equal(await a1.getAttribute('aria-label'), 'A1 given 4');
  await fresh.close();
});

/** Places a few digits (right or wrong) on the first puzzle. */
async function play() {
  await cell('A1').click();
  await page.keyboard.press('4');
  await cell('A2').click();
  await page.keyboard.press('5');
}

test('a saved game survives a shared link with "Keep my game"', async () => {
  await play();
  const saved = await page.evaluate(() => localStorage.getItem('sudokit.game'));
  await open(`?p=${HARD}`);
  const dialog = page.getByRole('dialog', { name: 'Open shared puzzle?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Keep my game' }).click();
  assert.ok(await dialog.isHidden());
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.equal(await label('A2'), 'A2 placed 5');
  assert.equal(await label('A3'), 'A3 given 3');
  assert.ok(await button('Undo').isEnabled());
  assert.equal(new URL(page.url()).search, '');
  // A reload goes on with the game kept, without asking again.
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await page.getByRole('dialog').count(), 0);
  assert.equal(await label('A2'), 'A2 placed 5');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('sudokit.game'))).values.join(''),
    JSON.parse(saved).values.join(''));
});

test('a shared link opened with "Open it" puts the game in progress in History', async () => {
  await play();
  await open(`?p=${HARD}`);
  const dialog = page.getByRole('dialog', { name: 'Open shared puzzle?' });
  await dialog.getByRole('button', { name: 'Open it' }).click();
  assert.equal(await label('A1'), 'A1 given 4');
  assert.equal(await status(), 'Opened the shared puzzle.');
  await button('History').click();
  const past = page.getByRole('dialog', { name: 'History' });
  assert.match(await past.getByRole('listitem').first().textContent(), /^abandoned, \d+:\d\d, 2 of 49 squares filled/);
  await past.getByRole('button', { name: 'Open game 1' }).click();
  assert.ok(await past.isHidden());
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.equal(await label('A2'), 'A2 placed 5');
  // The shared puzzle, untouched, was not worth keeping; the reopened game
  // left the list.
  await button('History').click();
  assert.equal(await past.getByRole('listitem').count(), 0);
  assert.match(await past.textContent(), /No finished or abandoned games yet/);
});

test('a saved game survives New puzzle with "Keep my game"', async () => {
  await play();
  await button('New puzzle').click();
  const dialog = page.getByRole('dialog', { name: 'Start a new puzzle?' });
  await dialog.getByRole('button', { name: 'Keep my game' }).click();
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.equal(await label('A3'), 'A3 given 3');
  assert.equal(await status(), 'Your game is as you left it.');
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await label('A1'), 'A1 placed 4');
  // "Start it" starts one, and the game goes to History.
  await button('New puzzle').click();
  await dialog.getByRole('button', { name: 'Start it' }).click();
  await said(/^A new \w+ puzzle/);
  await button('History').click();
  assert.match(await page.getByRole('dialog', { name: 'History' }).getByRole('listitem').first().textContent(),
    /^abandoned/);
});

test('New puzzle asks nothing when the game is empty or solved', async () => {
  await button('New puzzle').click();
  await said(/^A new \w+ puzzle/);
  assert.equal(await page.getByRole('dialog').count(), 0);
});

test('a bad link says what is wrong and changes nothing', async () => {
  await play();
  const saved = await page.evaluate(() => localStorage.getItem('sudokit.game'));
  await open('?p=123');
  assert.match(await status(), /^This link's puzzle cannot be opened: found 3 squares.* Your game is as you left it\.$/);
  assert.equal(await page.getByRole('dialog').count(), 0);
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.ok(await button('Undo').isEnabled());
  assert.equal(await page.evaluate(() => localStorage.getItem('sudokit.game')), saved);
  // A puzzle with no solution is bad too.
  await open(`?p=11${EASY.slice(2)}`);
  assert.match(await status(), /^This link's puzzle cannot be opened: /);
  assert.equal(await label('A2'), 'A2 placed 5');
});

test('the game goes on in a new tab', async () => {
  await play();
  const tab = await context.newPage();
  await tab.goto(server.url);
  await tab.waitForSelector('body[data-ready=true]');
  const a2 = tab.getByRole('gridcell', { name: /^A2 / });
  assert.equal(await a2.getAttribute('aria-label'), 'A2 placed 5');
});

test('a solved game is kept in History', async () => {
  await importPuzzle(EASY);
  for (let i = 0; i < 100 && !/Solved/.test(await status()); i++) await button('Apply').click();
  await button('History').click();
  assert.match(await page.getByRole('dialog', { name: 'History' }).getByRole('listitem').first().textContent(),
    /^solved, \d+:\d\d, 49 of 49 squares filled/);
});

test('a new puzzle at a chosen HoDoKu level has that level, with both ratings', async () => {
  await page.getByLabel('Level').selectOption({ label: 'Hard' });
  await button('New puzzle').click();
  await said(/^A new Hard puzzle, Hard \d+ · ER \d+\.\d\.$/);
  assert.match(await page.locator('#info').textContent(), /givens; rating Hard \d+ · ER \d+\.\d \(EP /);
  const givens = await board().getByRole('gridcell', { name: / given \d$/ }).count();
  assert.ok(givens >= 17 && givens < 81, `${givens} givens`);
});

test('pause leaves no digit or mark readable, stops the clock and the tools', async () => {
  await play();
  await button('Fill candidates').click();
  await button('Hint').click();
  await openTools();
  await button('Pause').click();
  const text = await board().evaluate((b) => b.textContent);
  assert.doesNotMatch(text, /\d/);
  const names = await board().getByRole('gridcell').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
  assert.equal(names.length, 81);
  for (const n of names) assert.match(n, /^[A-I][1-9] hidden while paused$/);
  for (const b of ['Check', 'Hint', 'Explain', 'Replay']) assert.ok(await button(b).isDisabled(), b);
  const time = await page.getByRole('timer').textContent();
  await page.waitForTimeout(1500);
  assert.equal(await page.getByRole('timer').textContent(), time);
  await button('Resume').click();
  for (const b of ['Check', 'Hint', 'Explain', 'Replay']) assert.ok(await button(b).isEnabled(), b);
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.match(await label('B2'), /^B2 empty, candidates /);
});

test('pause closes the explanation, whose steps show digits', async () => {
  await openTools();
  await button('Explain').click();
  await button('Next step').click();
  await button('Pause').click();
  assert.ok(await page.getByRole('region', { name: 'Explanation' }).isHidden());
  assert.doesNotMatch(await board().evaluate((b) => b.textContent), /\d/);
});

test('check marks wrong digits and pencil marks without the right digit on the board', async () => {
  await cell('A1').click();
  await page.keyboard.press('5');
  await cell('A2').click();
  await radio('Corner').click();
  await page.keyboard.press('7');
  await cell('A4').click();
  await page.keyboard.press('9');
  await button('Check').click();
  assert.equal(await status(), '1 wrong: A1. Pencil marks without the right digit: A2.');
  assert.equal(await label('A1'), 'A1 placed 5, wrong');
  assert.equal(await label('A2'), 'A2 empty, candidates 7, marks miss the answer');
  assert.equal(await label('A4'), 'A4 empty, candidates 9');
  assert.match(await cell('A1').getAttribute('class'), /\bwrong\b/);
  assert.match(await cell('A2').getAttribute('class'), /\bwrong-marks\b/);
  // The marks go with the next move.
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 5');
});

test('a conflict is named in the square\'s name', async () => {
  await cell('A1').click();
  await page.keyboard.press('3');
  assert.equal(await label('A1'), 'A1 placed 3, conflict');
  assert.equal(await label('A3'), 'A3 given 3, conflict');
});

test('axe finds nothing serious at load, after Fill candidates, with Explain open and paused', async () => {
  assert.deepEqual(await axe(), []);
  await button('Fill candidates').click();
  assert.deepEqual(await axe(), []);
  await openTools();
  await button('Explain').click();
  await button('Next step').click();
  assert.deepEqual(await axe(), []);
  await button('Close').click();
  await button('Pause').click();
  assert.deepEqual(await axe(), []);
});

test('keys: arrows wrap, digits, Backspace and Delete, Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z', async () => {
  await cell('A1').click();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'A9 empty');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'I9 empty');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'A1 empty');
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4');
  await page.keyboard.press('Control+z');
  assert.equal(await label('A1'), 'A1 empty');
  await page.keyboard.press('Control+y');
  assert.equal(await label('A1'), 'A1 placed 4');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await label('A1'), 'A1 placed 4');
  await page.keyboard.press('Delete');
  assert.equal(await label('A1'), 'A1 empty');
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4');
  await page.keyboard.press('Backspace');
  assert.equal(await label('A1'), 'A1 empty');
});

test('keys: Space toggles the input mode, H gives a hint, P pauses', async () => {
  await cell('A1').click();
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 empty, candidates 4');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4');
  await page.keyboard.press('h');
  assert.match(await status(), /^Hint \(area\): /);
  await page.keyboard.press('H');
  assert.match(await status(), /^Hint \(technique\): /);
  await page.keyboard.press('p');
  assert.equal(await label('A1'), 'A1 hidden while paused');
  await page.keyboard.press('P');
  assert.equal(await label('A1'), 'A1 placed 4');
});

test('keys held with Alt or Ctrl do nothing else', async () => {
  await cell('A1').click();
  await page.keyboard.press('Alt+5');
  await page.keyboard.press('Alt+h');
  await page.keyboard.press('Control+n');
  await page.keyboard.press('Control+p');
  await page.keyboard.press('Control+Space');
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4');
  assert.doesNotMatch(await status(), /Hint|Paused/);
});

test('? opens "Keyboard shortcuts", which lists every key', async () => {
  await cell('A1').click();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  const text = await dialog.textContent();
  for (const k of ['Backspace', 'Delete', 'Space', 'Ctrl', 'Shift', 'Z', 'Y', 'H', 'P', '?', '1', '9', '←', '→', '↑', '↓']) {
    assert.ok(text.includes(k), k);
  }
  // Keys inside the dialog play nothing; Escape closes it.
  await page.keyboard.press('4');
  await page.keyboard.press('Escape');
  assert.ok(await dialog.isHidden());
  assert.equal(await label('A1'), 'A1 empty');
  await button('Keyboard shortcuts').click();
  assert.ok(await dialog.isVisible());
  assert.deepEqual(await axe(), []);
  await dialog.getByRole('button', { name: 'Close' }).click();
  assert.ok(await dialog.isHidden());
});

const checked = async (name) => (await radio(name).getAttribute('aria-checked')) === 'true';

test('the four input modes, by button and by key, and Shift or Ctrl for one entry', async () => {
  assert.ok(await checked('Digit'));
  await cell('A1').click();
  await radio('Corner').click();
  assert.ok(await checked('Corner'));
  assert.ok(!await checked('Digit'));
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  assert.equal(await label('A1'), 'A1 empty, candidates 1 2');
  await page.keyboard.press('c');
  assert.ok(await checked('Centre'));
  await page.keyboard.press('5');
  await page.keyboard.press('7');
  assert.equal(await label('A1'), 'A1 empty, candidates 1 2, centre 5 7');
  await page.keyboard.press('v');
  assert.ok(await checked('Colour'));
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 empty, candidates 1 2, centre 5 7, colour green');
  assert.deepEqual(await axe(), []);
  await page.keyboard.press('x');
  assert.ok(await checked('Corner'));
  await page.keyboard.press('2');
  assert.equal(await label('A1'), 'A1 empty, candidates 1, centre 5 7, colour green');
  await page.keyboard.press('z');
  assert.ok(await checked('Digit'));
  // Shift gives a corner mark and Ctrl a centre mark, for one entry.
  await page.keyboard.press('Shift+Digit8');
  await page.keyboard.press('Control+Digit9');
  assert.equal(await label('A1'), 'A1 empty, candidates 1 8, centre 5 7 9, colour green');
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4, colour green');
  // By button: Colour, then a pad digit colours the square; again clears it.
  await radio('Colour').click();
  await button('4').click();
  assert.equal(await label('A1'), 'A1 placed 4');
  await radio('Digit').click();
  assert.ok(await checked('Digit'));
  // Arrows move within the group, as in any radio group.
  await radio('Digit').focus();
  await page.keyboard.press('ArrowRight');
  assert.ok(await checked('Corner'));
  assert.equal(await label('A1'), 'A1 placed 4');
  // Erase takes the digit, then the marks, then the colour.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  assert.equal(await label('A1'), 'A1 empty, candidates 1 8, centre 5 7 9, colour green');
  await cell('A1').click();
  await page.keyboard.press('Backspace');
  assert.equal(await label('A1'), 'A1 empty, colour green');
  await page.keyboard.press('Backspace');
  assert.equal(await label('A1'), 'A1 empty');
});

test('several squares selected by Shift-click, Ctrl-click, drag and Ctrl+A take one entry', async () => {
  const selected = () => board().locator('[aria-selected=true]').evaluateAll((cs) => cs.map((c) => c.dataset.square));
  await cell('A1').click();
  await cell('A2').click({ modifiers: ['Shift'] });
  await cell('A4').click({ modifiers: ['Control'] });
  assert.deepEqual(await selected(), ['0', '1', '3']);
  await page.keyboard.press('x');
  await page.keyboard.press('5');
  for (const sq of ['A1', 'A2', 'A4']) assert.equal(await label(sq), `${sq} empty, candidates 5`);
  await page.keyboard.press('5');
  for (const sq of ['A1', 'A2', 'A4']) assert.equal(await label(sq), `${sq} empty`);
  // One entry is one step of Undo.
  await page.keyboard.press('Control+z');
  for (const sq of ['A1', 'A2', 'A4']) assert.equal(await label(sq), `${sq} empty, candidates 5`);
  // A drag from B2 to B5 selects the four squares.
  const from = await cell('B2').boundingBox();
  const to = await cell('B5').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  assert.deepEqual(await selected(), ['10', '11', '12', '13']);
  await page.keyboard.press('v');
  await page.keyboard.press('6');
  for (const sq of ['B2', 'B3', 'B5']) assert.equal(await label(sq), `${sq} empty, colour blue`);
  assert.equal(await label('B4'), 'B4 given 3, colour blue');
  // Digits go to the open squares only.
  await page.keyboard.press('z');
  await page.keyboard.press('7');
  assert.equal(await label('B2'), 'B2 placed 7, colour blue, conflict');
  assert.equal(await label('B5'), 'B5 placed 7, colour blue, conflict');
  assert.equal(await label('B4'), 'B4 given 3, colour blue');
  await page.keyboard.press('Control+a');
  assert.equal((await selected()).length, 81);
  await page.keyboard.press('Escape');
  assert.equal((await selected()).length, 1);
  await page.keyboard.press('Shift+ArrowRight');
  assert.equal((await selected()).length, 2);
});

test('highlights: the selected square\'s row, column and box, and its digit placed and as a candidate', async () => {
  await button('Fill candidates').click();
  await cell('A3').click();
  const houses = await board().locator('.house').count();
  assert.equal(houses, 21);
  assert.match(await cell('I5').getAttribute('class'), /^(?!.*\bhouse\b)/);
  const same = await board().locator('.same').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
  assert.ok(same.length >= 2 && same.every((n) => / (given|placed) 3\b/.test(n)), same.join('; '));
  const picks = await board().locator('.notes span.pick').allTextContents();
  assert.ok(picks.length >= 1 && picks.every((t) => t === '3'), picks.join(','));
});

test('the pad says how many of each digit are left', async () => {
  const count = (d) => [...EASY].filter((c) => c === String(d)).length;
  for (const d of [1, 5, 9]) {
    assert.equal(await button(String(d)).getAttribute('aria-description'), `${9 - count(d)} left`);
  }
  await cell('A1').click();
  await page.keyboard.press('4');
  assert.equal(await button('4').getAttribute('aria-description'), `${8 - count(4)} left`);
  assert.equal(await page.locator('#pad .key').nth(3).locator('.left').textContent(), String(8 - count(4)));
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A page in a context of its own (a phone, a dark system...), ready. */
async function fresh(options) {
  const other = await browser.newContext(options);
  const p = await other.newPage();
  p.on('pageerror', (e) => { throw e; });
  await p.goto(server.url);
  await p.waitForSelector('body[data-ready=true]');
  return p;
}

/** What is wrong with the page's layout now: sideways scrolling, and
 *  controls on screen smaller than 44x44 px. */
function layoutFaults(p) {
  return p.evaluate(() => {
    const faults = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) faults.push(`scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const controls = document.querySelectorAll('button, select, input, [role=radio], [role=switch], a[href]');
    for (const c of controls) {
      const box = c.getBoundingClientRect();
      if (!box.width || !box.height || c.closest('[hidden]')) continue;
      if (c.closest('dialog') && !c.closest('dialog').open) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        faults.push(`${c.id || c.textContent.trim() || c.getAttribute('aria-label')}: ${box.width}x${box.height}`);
      }
    }
    return faults;
  });
}

test('on a phone: the board full width, the pad below it, no sideways scrolling, every control 44 px', async () => {
  const p = await fresh(PHONE);
  const grid = p.getByRole('grid', { name: 'Sudoku board' });
  const b = await grid.boundingBox();
  assert.ok(b.width >= 370 && b.x >= 0 && b.x + b.width <= 390, JSON.stringify(b));
  const pad = await p.getByRole('group', { name: 'Digits' }).boundingBox();
  assert.ok(pad.y >= b.y + b.height, 'the pad is below the board');
  assert.deepEqual(await layoutFaults(p), []);
  // A tap selects, a tap on the pad places; the hint's text is on screen.
  await p.getByRole('gridcell', { name: /^A1 / }).tap();
  await p.getByRole('button', { name: '4', exact: true }).tap();
  assert.equal(await p.getByRole('gridcell', { name: /^A1 / }).getAttribute('aria-label'), 'A1 placed 4');
  await p.getByRole('button', { name: 'Hint', exact: true }).tap();
  await p.evaluate(() => window.scrollTo(0, 0));
  const said = await p.getByRole('status').boundingBox();
  assert.ok(said.y + said.height <= 844, `the hint's text at y=${said.y}`);
  // Every panel and dialog opened, still nothing too small or too wide.
  await openTools(p);
  assert.deepEqual(await layoutFaults(p), []);
  await p.getByRole('button', { name: 'Explain', exact: true }).tap();
  await explained(p);
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.getByRole('button', { name: 'Next step', exact: true }).tap();
  await p.getByRole('button', { name: 'Next step', exact: true }).tap();
  // Next step leaves the board where it was.
  assert.equal(await p.evaluate(() => window.scrollY), 0);
  assert.deepEqual(await layoutFaults(p), []);
  await p.getByRole('button', { name: 'Close', exact: true }).tap();
  await p.getByRole('button', { name: 'Replay', exact: true }).tap();
  await p.getByRole('button', { name: 'Stop replay', exact: true }).waitFor();
  assert.deepEqual(await layoutFaults(p), []);
  await p.getByRole('button', { name: 'Stop replay', exact: true }).tap();
  await p.getByRole('button', { name: 'Keyboard shortcuts' }).tap();
  assert.deepEqual(await layoutFaults(p), []);
  await p.keyboard.press('Escape');
  await p.getByRole('button', { name: 'New puzzle', exact: true }).tap();
  await p.getByRole('dialog', { name: 'Start a new puzzle?' }).waitFor();
  assert.deepEqual(await layoutFaults(p), []);
  await p.getByRole('button', { name: 'Start it', exact: true }).tap();
  await p.getByRole('button', { name: 'History', exact: true }).tap();
  assert.deepEqual(await layoutFaults(p), []);
  await p.keyboard.press('Escape');
  await p.getByRole('button', { name: 'Statistics', exact: true }).tap();
  assert.deepEqual(await layoutFaults(p), []);
  await p.context().close();
});

test('on a desktop: a large board with the controls beside it', async () => {
  const p = await fresh(DESKTOP);
  const b = await p.getByRole('grid', { name: 'Sudoku board' }).boundingBox();
  assert.ok(b.width >= 550, `board ${b.width} px`);
  const pad = await p.getByRole('group', { name: 'Digits' }).boundingBox();
  assert.ok(pad.x >= b.x + b.width && pad.y < b.y + b.height, 'the pad beside the board');
  assert.deepEqual(await layoutFaults(p), []);
  await p.context().close();
});

test('the tools are one tap away, in a panel of their own', async () => {
  for (const name of ['Import', 'Export', 'Share', 'Explain', 'Replay']) assert.ok(await button(name).isHidden(), name);
  assert.ok(await page.locator('#info').isHidden());
  await button('Tools').click();
  assert.equal(await button('Tools').getAttribute('aria-expanded'), 'true');
  for (const name of ['Import', 'Export', 'Share', 'Explain', 'Replay']) assert.ok(await button(name).isVisible(), name);
  await page.waitForFunction(() => /givens; rating .*ER/.test(document.getElementById('info').textContent));
  await button('Tools').click();
  assert.ok(await button('Import').isHidden());
});

test('dark theme follows the system, a switch overrides it, and axe finds nothing serious in it', async () => {
  const p = await fresh({ ...DESKTOP, colorScheme: 'dark' });
  const background = () => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const darkness = (rgb) => rgb.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b, 0);
  assert.ok(darkness(await background()) < 150, await background());
  const toggle = p.getByRole('switch', { name: 'Dark theme' });
  assert.equal(await toggle.getAttribute('aria-checked'), 'true');
  assert.deepEqual(await axe(p), []);
  await p.getByRole('button', { name: 'Fill candidates', exact: true }).click();
  await p.getByRole('gridcell', { name: /^A1 / }).click();
  await p.keyboard.press('3');
  await p.keyboard.press('h');
  await p.keyboard.press('h');
  assert.deepEqual(await axe(p), []);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');
  assert.ok(darkness(await background()) > 600, await background());
  await p.reload();
  await p.waitForSelector('body[data-ready=true]');
  assert.ok(darkness(await background()) > 600, 'the choice is kept');
  await p.context().close();
  // On a light system the switch makes it dark.
  assert.equal(await page.getByRole('switch', { name: 'Dark theme' }).getAttribute('aria-checked'), 'false');
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  assert.ok(darkness(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)) < 150);
  assert.deepEqual(await axe(), []);
});

/** The contrast of the selection's outline, the hint's frame and the focus
 *  ring against the square or page behind them. */
function outlineContrasts(p) {
  return p.evaluate(() => {
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
      return (x + 0.05) / (y + 0.05);
    };
    const v = (name) => {
      const probe = document.createElement('div');
      probe.style.color = `var(${name})`;
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    };
    return {
      selection: Math.min(ratio(v('--select'), v('--surface')), ratio(v('--select'), v('--cursor')),
        ratio(v('--select'), v('--house'))),
      area: Math.min(ratio(v('--area'), v('--surface')), ratio(v('--area'), v('--house'))),
      focus: Math.min(ratio(v('--focus-ring'), v('--bg')), ratio(v('--focus-ring'), v('--surface'))),
      text: Math.min(...['--surface', '--house', '--same', '--cursor', '--focus-cell',
        '--c1', '--c2', '--c3', '--c4', '--c5', '--c6', '--c7', '--c8', '--c9']
        .flatMap((bg) => ['--text', '--muted', '--placed', '--conflict'].map((fg) => ratio(v(fg), v(bg))))),
    };
  });
}

test('outlines and focus rings stand out 3:1, and text 4.5:1, in both themes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const p = await fresh({ ...DESKTOP, colorScheme });
    const c = await outlineContrasts(p);
    for (const what of ['selection', 'area', 'focus']) assert.ok(c[what] >= 3, `${colorScheme} ${what}: ${c[what]}`);
    assert.ok(c.text >= 4.5, `${colorScheme} text: ${c.text}`);
    await p.context().close();
  }
});

test('installable: a manifest with icons and theme colours, a favicon, and no 404 at load', async () => {
  const other = await browser.newContext();
  const p = await other.newPage();
  const failed = [];
  p.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  p.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
  await p.goto(server.url);
  await p.waitForSelector('body[data-ready=true]');
  await p.waitForLoadState('networkidle');
  assert.deepEqual(failed, []);
  const found = await p.evaluate(async () => {
    const link = (rel) => document.querySelector(`link[rel="${rel}"]`)?.href;
    const manifest = await (await fetch(link('manifest'))).json();
    const icons = await Promise.all(manifest.icons.map(async (i) => {
      const r = await fetch(new URL(i.src, link('manifest')));
      return { ...i, status: r.status, type: r.headers.get('content-type') };
    }));
    const favicon = await fetch(link('icon'));
    return { manifest, icons, favicon: favicon.status, theme: document.querySelector('meta[name=theme-color]')?.content };
  });
  const { manifest, icons } = found;
  assert.equal(manifest.name, 'sudokit');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.start_url && manifest.theme_color && manifest.background_color);
  for (const size of ['192x192', '512x512']) {
    assert.ok(icons.some((i) => i.sizes === size && i.type === 'image/png' && i.status === 200), size);
  }
  assert.ok(icons.some((i) => i.purpose === 'maskable'));
  assert.equal(found.favicon, 200);
  assert.match(found.theme, /^#[0-9a-f]{6}$/);
  await other.close();
});

test('offline: after one visit the page loads, plays and hints with the network off', async () => {
  const own = await serve();
  const other = await browser.newContext();
  const p = await other.newPage();
  p.on('pageerror', (e) => { throw e; });
  await p.goto(own.url);
  await p.waitForSelector('body[data-ready=true]');
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await p.evaluate(() => navigator.serviceWorker.ready);
  await own.close();
  // The server is gone: nothing answers on its port.
  await assert.rejects(fetch(own.url));
  await p.reload();
  await p.waitForSelector('body[data-ready=true]');
  const a1 = p.getByRole('gridcell', { name: /^A1 / });
  await a1.click();
  await p.keyboard.press('4');
  assert.equal(await a1.getAttribute('aria-label'), 'A1 placed 4');
  await p.keyboard.press('h');
  assert.match(await p.getByRole('status').textContent(), /^Hint \(area\): /);
  // A shared link opens offline too.
  await p.goto(`${own.url}?p=${HARD}`);
  await p.waitForSelector('body[data-ready=true]');
  await p.getByRole('dialog', { name: 'Open shared puzzle?' }).getByRole('button', { name: 'Open it' }).click();
  assert.equal(await a1.getAttribute('aria-label'), 'A1 given 4');
  await other.close();
});

test('a hint at the move level draws its chain on the board, and the next move clears it', async () => {
  await useRules('Sudoku Explainer');
  await importPuzzle(CHAINED);
  // Step along the path until a hint's technique is a chain (whatever the
  // rules call it) whose move draws one.
  let lines = 0;
  for (let i = 0; i < 120 && !lines; i++) {
    await page.keyboard.press('h');
    await page.keyboard.press('h');
    if (/chain|AIC|loop/i.test(await status())) {
      assert.equal(await page.locator('#arrows line').count(), 0, 'no chain before the move level');
      await page.keyboard.press('h');
      await page.keyboard.press('h');
      assert.match(await status(), /^Hint \(move\): /);
      lines = await page.locator('#arrows line').count();
    }
    if (!lines) await button('Apply').click();
  }
  assert.ok(lines >= 1, `${lines} arrows`);
  for (const v of await page.locator('#arrows line').evaluateAll((ls) => ls.map((l) => l.dataset.to))) {
    assert.match(v, /^[A-I][1-9](=|<>)[1-9]$/);
  }
  await button('Apply').click();
  assert.equal(await page.locator('#arrows *').count(), 0);
});

test('Explain from here starts from the player\'s position, and refuses a wrong one', async () => {
  await openTools();
  await button('Explain').click();
  await explained();
  const all = Number((await page.locator('#path-summary').textContent()).match(/^(\d+) steps/)[1]);
  await button('Close').click();
  for (let i = 0; i < 5; i++) await button('Apply').click();
  const placed = await board().getByRole('gridcell', { name: / placed \d$/ }).count();
  assert.equal(placed, 5);
  await button('Explain from here').click();
  await explained();
  const summary = await page.locator('#path-summary').textContent();
  assert.match(summary, /^\d+ steps from your position by HoDoKu's rules, /);
  const here = Number(summary.match(/^(\d+)/)[1]);
  assert.ok(here < all, `${here} of ${all} steps`);
  assert.equal(await status(), `Your position; ${here} steps follow.`);
  assert.equal(await board().getByRole('gridcell', { name: / placed \d$/ }).count(), placed);
  await button('Next step').click();
  assert.ok(await board().getByRole('gridcell', { name: / placed \d$/ }).count() >= placed);
  assert.match(await status(), new RegExp(`^Step 1 of ${here}: `));
  await button('Close').click();
  // A wrong digit: no path from there.
  await cell('A1').click();
  await page.keyboard.press('5');
  await button('Explain from here').click();
  assert.equal(await status(), 'No explanation from here: A1 wrong (Check marks them).');
  assert.ok(await page.getByRole('region', { name: 'Explanation' }).isHidden());
});

/** A fresh browser whose clock says `date` (local time). */
async function onDate(date, context = null) {
  const other = context ?? await browser.newContext();
  await other.clock.setFixedTime(new Date(date));
  const p = other.pages()[0] ?? await other.newPage();
  await p.goto(server.url);
  await p.waitForSelector('body[data-ready=true]');
  return p;
}

async function solveByApply(p) {
  const said = () => p.getByRole('status').textContent();
  for (let i = 0; i < 200 && !/^Solved/.test(await said()); i++) {
    await p.getByRole('button', { name: 'Apply', exact: true }).click();
  }
  assert.match(await said(), /^Solved/);
}

test('the daily puzzle is the same in two fresh browsers on the same date, at the weekday\'s level', async () => {
  const day = async (date) => {
    const p = await onDate(date);
    await p.getByRole('button', { name: 'Daily puzzle', exact: true }).click();
    const text = await said(/^The daily puzzle for /, p);
    const cells = await p.getByRole('gridcell').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')).join(';'));
    await p.context().close();
    return { said: text, cells };
  };
  const morning = await day('2026-11-27T08:00:00');
  const evening = await day('2026-11-27T22:30:00');
  assert.equal(morning.cells, evening.cells);
  assert.match(morning.said, /^The daily puzzle for 2026-11-27 \(Friday, Hard\), Hard \d+ · ER \d/);
  const sunday = await day('2026-11-29T12:00:00');
  assert.notEqual(sunday.cells, morning.cells);
  assert.match(sunday.said, /^The daily puzzle for 2026-11-29 \(Sunday, Unfair\), Unfair \d+ · ER/);
});

test('statistics: solves by level with best and average times, and the daily streak', async () => {
  const p = await onDate('2026-11-23T10:00:00');
  const stats = p.getByRole('dialog', { name: 'Statistics' });
  await p.getByRole('button', { name: 'Statistics', exact: true }).click();
  assert.match(await stats.innerText(), /No puzzle solved yet\.\s+Daily puzzle streak: 0 days\./);
  await stats.getByRole('button', { name: 'Close' }).click();
  await p.getByRole('button', { name: 'Daily puzzle', exact: true }).click();
  await said(/\(Monday, Easy\)/, p);
  await solveByApply(p);
  await p.getByRole('button', { name: 'Statistics', exact: true }).click();
  const row = (level) => stats.getByRole('row', { name: new RegExp(`^${level} `) });
  assert.match(await row('easy').textContent(), /^easy1\d+:\d\d\d+:\d\d$/);
  assert.match(await stats.innerText(), /Daily puzzle streak: 1 day\./);
  assert.deepEqual(await axe(p), []);
  await stats.getByRole('button', { name: 'Close' }).click();
  // The next day's puzzle keeps the streak going.
  await onDate('2026-11-24T10:00:00', p.context());
  await p.getByRole('button', { name: 'Daily puzzle', exact: true }).click();
  await said(/\(Tuesday, Medium\)/, p);
  await solveByApply(p);
  await p.getByRole('button', { name: 'Statistics', exact: true }).click();
  assert.match(await row('medium').textContent(), /^medium1/);
  assert.match(await row('easy').textContent(), /^easy1/);
  assert.match(await stats.innerText(), /Daily puzzle streak: 2 days\./);
  await p.context().close();
});

test('heavy work (rating, explaining, generating) runs in a Web Worker', async () => {
  const other = await browser.newContext();
  const p = await other.newPage();
  const workers = [];
  p.on('worker', (w) => workers.push(w.url()));
  await p.goto(server.url);
  await p.waitForSelector('body[data-ready=true]');
  await p.waitForFunction(() => /rating .*ER/.test(document.getElementById('info').textContent));
  assert.deepEqual(workers.map((u) => new URL(u).pathname), ['/worker.js']);
  // The worker answers: an explanation and a new puzzle come back.
  await openTools(p);
  await p.getByRole('button', { name: 'Explain', exact: true }).click();
  await explained(p);
  assert.match(await p.locator('#path-summary').textContent(), /^\d+ steps by HoDoKu's rules, /);
  await p.getByRole('button', { name: 'Close', exact: true }).click();
  await p.getByRole('button', { name: 'New puzzle', exact: true }).click();
  await said(/^A new \w+ puzzle, .*ER /, p);
  await other.close();
});

// norvig_top95's hardest (ER 9.3), the puzzle the page warms up on.
const HARDEST =
  '9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.';

test('the warm-up waits while the player acts, then runs, and leaves the hints as a fresh module gives them', async () => {
  // The hints a module gives that never warmed up, in node: after HoDoKu's
  // first six moves on HARDEST every finder of HoDoKu's runs and finds
  // nothing (brute force), and SE's hint is a dynamic chain.
  const fresh = await loadSudokit(readFileSync(new URL('../sudokit.wasm', import.meta.url)));
  let state = { puzzle: HARDEST, values: HARDEST, marks: null };
  for (let i = 0; i < 6; i++) {
    const { values, marks } = fresh({ op: 'apply', ...state, rules: 'hodoku' });
    state = { puzzle: HARDEST, values, marks };
  }
  const expected = {};
  for (const rules of ['hodoku', 'se']) {
    expected[rules] = fresh({ op: 'hint', ...state, level: 'move', rules }).hint.text;
  }
  assert.match(expected.hodoku, /^Brute force: /);
  assert.match(expected.se, /^Dynamic /);
  const game = { puzzle: HARDEST, values: [...state.values].map((c) => (c === '.' ? 0 : Number(c))),
    notes: state.marks.map((m, s) => (state.values[s] === '.' ? m : 0)) };
  // A player pressing a key every 100 ms from the start: nothing of the
  // warm-up is answered meanwhile (the page counts its answers in
  // body[data-warm]).
  const other = await browser.newContext();
  await other.addInitScript((stored) => {
    localStorage.setItem('sudokit.game', stored);
    window.acting = setInterval(() => document.body?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Shift', bubbles: true })), 100);
  }, JSON.stringify(game));
  const p = await other.newPage();
  p.on('pageerror', (e) => { throw e; });
  await p.goto(server.url);
  await p.waitForSelector('body[data-ready=true]');
  await p.waitForFunction(() => /rating .*ER/.test(document.getElementById('info').textContent));
  await p.waitForTimeout(3000);
  assert.equal(await p.evaluate(() => document.body.dataset.warm), undefined);
  // The game as saved, but for the clock, which goes on.
  const saved = () => p.evaluate(() => ({ ...JSON.parse(localStorage.getItem('sudokit.game')), elapsed: 0 }));
  const before = await saved();
  // The player stops: the warm-up runs to its end, changing nothing.
  await p.evaluate(() => clearInterval(window.acting));
  await p.waitForSelector('body[data-warm=done]', { timeout: 60000 });
  assert.deepEqual(await saved(), before);
  for (const [rules, name] of [['hodoku', 'HoDoKu'], ['se', 'Sudoku Explainer']]) {
    await useRules(name, p);
    for (let i = 0; i < 4; i++) await p.getByRole('button', { name: 'Hint', exact: true }).click();
    assert.equal(await p.getByRole('status').textContent(), `Hint (move): ${expected[rules]}`);
  }
  await other.close();
});

test('the clock pauses, and hides the board while it does', async () => {
  assert.match(await page.getByRole('timer').textContent(), /^\d+:\d\d$/);
  await button('Pause').click();
  assert.match(await board().getAttribute('class'), /\bpaused\b/);
  await cell('A1').click();
  await page.keyboard.press('4');
  // Hidden from sight and from screen readers alike.
  assert.equal(await label('A1'), 'A1 hidden while paused');
  assert.equal(await label('A3'), 'A3 hidden while paused');
  assert.equal(await status(), 'The game is paused.');
  await button('Resume').click();
  assert.equal(await label('A1'), 'A1 empty');
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4');
});

test('explain steps through the logical path with its rating', async () => {
  await openTools();
  await button('Explain').click();
  await explained();
  const summary = page.getByRole('region', { name: 'Explanation' });
  assert.match(await summary.locator('#path-summary').textContent(), /^\d+ steps by HoDoKu's rules, \w+ \d+\.$/);
  assert.match(await status(), /^The givens; \d+ steps follow\.$/);
  await button('Next step').click();
  assert.match(await status(), /^Step 1 of \d+: /);
  const placed = await board().getByRole('gridcell', { name: / placed \d$/ }).count();
  assert.equal(placed, 1);
  await button('Previous step').click();
  assert.equal(await board().getByRole('gridcell', { name: / placed \d$/ }).count(), 0);
  // A step of the list goes to it.
  await page.locator('#path-steps button').nth(2).click();
  assert.match(await status(), /^Step 3 of \d+: /);
  await button('Close').click();
  assert.ok(await summary.isHidden());
});

test('explain draws a chain link by link, and what a step removes', async () => {
  await useRules('Sudoku Explainer');
  await importPuzzle(CHAINED);
  await openTools();
  await button('Explain').click();
  const arrows = page.locator('#arrows line');
  let step = '';
  for (let i = 0; i < 120 && (await arrows.count()) === 0; i++) {
    await button('Next step').click();
    step = await status();
  }
  assert.match(step, /^Step (\d+) of \d+: .*chain/i);
  const k = Number(step.match(/^Step (\d+)/)[1]);
  // One dot per link, one arrow into each link but a branch's assumption;
  // every end names a candidate ("A1=5" on, "A1<>5" off).
  const dots = await page.locator('#arrows circle').count();
  const lines = await arrows.count();
  assert.ok(lines >= 3 && lines < dots, `${lines} arrows for ${dots} links`);
  for (const end of ['data-from', 'data-to']) {
    for (const v of await arrows.evaluateAll((ls, a) => ls.map((l) => l.getAttribute(a)), end)) {
      assert.match(v, /^[A-I][1-9](=|<>)[1-9]$/);
    }
  }
  // An arrow leaves where the one before it arrived, within a branch.
  const pairs = await arrows.evaluateAll((ls) => ls.map((l) => [l.dataset.from, l.dataset.to]));
  assert.ok(pairs.slice(1).some(([from], i) => from === pairs[i][1]));
  // The candidates the step removes are struck on the board.
  assert.ok(await page.locator('.notes span.hit').count() >= 1);
  // The README's picture.
  if (process.env.SUDOKIT_SCREENSHOT) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: process.env.SUDOKIT_SCREENSHOT });
  }
  await button('Previous step').click();
  assert.match(await status(), k === 1 ? /^The givens/ : new RegExp(`^Step ${k - 1} of `));
  await button('Next step').click();
  assert.equal(await arrows.count(), lines);
  await button('Close').click();
  assert.equal(await page.locator('#arrows *').count(), 0);
});

// A puzzle whose path by HoDoKu's rules takes a grouped nice loop (a chain
// through a group of squares) at its eighth step.
const GROUPED =
  '1.5.8.......4.6......7...82..6..29..392...8.1.1.......62...749.........57..9....3';

test('a chain through a group of squares is drawn with a dot in each of them', async () => {
  await importPuzzle(GROUPED);
  await openTools();
  await button('Explain').click();
  await explained();
  let step = '';
  for (let i = 0; i < 20 && !/Grouped/.test(step); i++) {
    await button('Next step').click();
    step = await status();
  }
  assert.match(step, /^Step 8 of \d+: .*Grouped Discontinuous Nice Loop/);
  // Its second link is 5 in E6 and F6: one dot in each, joined.
  const groups = await page.locator('#arrows circle[data-group]')
    .evaluateAll((cs) => cs.map((c) => c.dataset.group));
  assert.ok(groups.includes('F6'), groups.join(' '));
  assert.ok(await page.locator('#arrows line.group').count() >= 1);
  await button('Close').click();
  assert.equal(await page.locator('#arrows *').count(), 0);
});

test('export gives the pencil marks as 729 characters, and import reads them back', async () => {
  await importPuzzle(HARD);
  await button('Fill candidates').click();
  await cell('A2').click();
  await radio('Corner').click();
  await page.keyboard.press('9');
  assert.equal(await label('A2'), 'A2 empty, candidates 1 6 7');
  await openTools();
  await button('Export').click();
  assert.match(await status(), new RegExp(`^Exported\\. Puzzle: ${HARD.replaceAll('.', '\\.')}\\.`));
  const marks = await page.getByLabel('Puzzle').inputValue();
  assert.equal(marks.length, 729);
  assert.equal(marks.slice(9, 18), '1....67..');
  // A fresh page on the same puzzle takes the marks back.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`${server.url}?p=${HARD}`);
  await other.waitForSelector('body[data-ready=true]');
  await openTools(other);
  await other.getByLabel('Puzzle').fill(marks);
  await other.getByRole('button', { name: 'Import', exact: true }).click();
  assert.equal(await other.getByRole('status').textContent(), 'Imported the pencil marks onto this puzzle.');
  const a2 = other.getByRole('gridcell', { name: /^A2 / });
  assert.equal(await a2.getAttribute('aria-label'), 'A2 empty, candidates 1 6 7');
  // Marks that leave out a given are refused, saying where.
  await other.getByLabel('Puzzle').fill('.'.repeat(729));
  await other.getByRole('button', { name: 'Import', exact: true }).click();
  assert.match(await other.getByRole('status').textContent(), /^Cannot import: .*A1/);
  await fresh.close();
});

test('replay plays back the search, squares narrowing to their digits', async () => {
  await openTools();
  await page.getByLabel('Engine').selectOption('norvig');
  await openTools();
  await button('Replay').click();
  await said(/^norvig: /);
  assert.match(await status(), /^norvig: \d+ steps, 0 guesses, 0 backtracks\. Press Play or Step\.$/);
  assert.equal(await label('A1'), 'A1 empty, candidates 1 2 3 4 5 6 7 8 9');
  await button('Step').click();
  assert.match(await status(), /^Step 1 of \d+ \(depth 0\): [A-I][1-9] /);
  await button('Step').click();
  const second = await status();
  const square = second.match(/: ([A-I][1-9]) /)[1];
  await button('Step back').click();
  assert.match(await status(), new RegExp(`^Back to step 1 of \\d+: ${square} as it was\\.$`));
  await button('Step').click();
  assert.equal(await status(), second);
  // Stepping back puts a struck candidate back in its square.
  let lost = null;
  for (let i = 0; i < 300 && !lost; i++) {
    await button('Step').click();
    const m = (await status()).match(/: ([A-I][1-9]) loses (\d),/);
    if (m && !/given/.test(await label(m[1]))) lost = m;
  }
  assert.ok(lost, 'the search strikes a candidate out of an open square');
  const [, where, digit] = lost;
  assert.doesNotMatch(await label(where), new RegExp(`candidates.* ${digit}\\b`));
  await button('Step back').click();
  assert.match(await label(where), new RegExp(`candidates( \\d)* ${digit}\\b`));
  await page.getByLabel('Speed').fill('100');
  await button('Play').click();
  await page.waitForFunction(() => /Step (\d+) of \1 /.test(document.getElementById('status').textContent),
    null, { timeout: 60000 });
  assert.equal(await label('A1'), 'A1 placed 4');
  await button('Stop replay').click();
  assert.equal(await label('A1'), 'A1 empty');
  await cell('A1').click();
  await page.keyboard.press('4');
  assert.equal(await label('A1'), 'A1 placed 4');
});
