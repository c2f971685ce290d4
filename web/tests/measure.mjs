// Speed of the page, measured by hand (not a test: times are not asserted).
//   node tests/measure.mjs [--loads N] [--hard N] [--slowest N]
// after web/build.sh. Prints, each as median and maximum:
// - load: navigation to a usable board (body[data-ready]) in headless
//   Chromium, served from localhost, a fresh browser context each time;
// - hint: sudokit.wasm's `hint` call, by HoDoKu's rules (the page's
//   default) and by SE's, on every norvig_top95 puzzle's start, and on
//   every state along the logical path of its N hardest (by ER), pencil
//   marks as the path leaves them; and by HoDoKu's rules along the path
//   of every 20th puzzle of forum_hardest_1106;
// - with --slowest N: the N slowest of those hints by HoDoKu's rules, each
//   with its time and its state as a line of HoDoKu's library format
//   (`sudokit hint --rules hodoku` reads it as the same state);
// - new puzzle: `generate` at HoDoKu's levels Hard and Unfair, 20 seeds each;
// - longest task: the longest the page blocks input while the hardest of
//   them is imported and explained (the browser's long-task timing);
// and the size of sudokit.wasm. The wasm calls run in node, whose V8 is
// Chromium's engine.
import { readFileSync, statSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { loadSudokit } from '../sudokit.js';
import { serve } from './serve.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const wasm = new URL('../sudokit.wasm', import.meta.url);
const top95 = new URL('../../../shared/puzzles/norvig_top95.txt', import.meta.url);
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor((s.length - 1) / 2)].toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (${s.length})`;
};
// A player's state as a line of HoDoKu's library format: the givens, `+`
// before each digit placed since, and the candidates the marks leave out
// of what the placed digits allow.
const libraryLine = (puzzle, values, marks) => {
  const digit = (c) => (c >= '1' && c <= '9' ? Number(c) : 0);
  const peers = (i, j) => i !== j && (Math.floor(i / 9) === Math.floor(j / 9) || i % 9 === j % 9
    || (Math.floor(i / 27) === Math.floor(j / 27) && Math.floor((i % 9) / 3) === Math.floor((j % 9) / 3)));
  let grid = '';
  const deleted = [];
  for (let i = 0; i < 81; i++) {
    const v = digit(values[i]);
    if (v) {
      grid += (digit(puzzle[i]) ? '' : '+') + v;
      continue;
    }
    grid += '.';
    if (!marks || !marks[i]) continue;
    for (let d = 1; d <= 9; d++) {
      const allowed = ![...Array(81).keys()].some((j) => peers(i, j) && digit(values[j]) === d);
      if (allowed && !(marks[i] & (1 << d))) deleted.push(`${d}${Math.floor(i / 9) + 1}${(i % 9) + 1}`);
    }
  }
  return `:0000:x:${grid}:${deleted.join(' ')}::::`;
};
const slowest = [];
const timeHodoku = (request) => {
  const [ms] = time(() => call(request));
  if (arg('--slowest', 0) > 0) slowest.push({ ms, line: libraryLine(request.puzzle, request.values, request.marks) });
  return ms;
};
const time = (f) => { const t = performance.now(); const r = f(); return [performance.now() - t, r]; };

const call = await loadSudokit(readFileSync(wasm));
const puzzles = readFileSync(top95, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.length === 81);

for (const rules of ['hodoku', 'se']) {
  const starts = puzzles.map((puzzle) => time(() => call({ op: 'hint', puzzle, values: puzzle, level: 'move', rules }))[0]);
  console.log(`hint at the start, norvig_top95, ${rules}: ${stats(starts)}`);
}

const rated = puzzles.map((p) => ({ p, er: call({ op: 'rate', puzzle: p }).rating.er }))
  .sort((a, b) => b.er - a.er).slice(0, arg('--hard', 10));
const along = { hodoku: [], se: [] };
for (const { p } of rated) {
  const path = call({ op: 'explain', puzzle: p });
  const values = [...p];
  let marks = call({ op: 'candidates', puzzle: p, values: p }).marks;
  for (const step of path.steps) {
    for (const rules of ['hodoku', 'se']) {
      const request = { op: 'hint', puzzle: p, values: values.join(''), marks, level: 'move', rules };
      along[rules].push(rules === 'hodoku' ? timeHodoku(request) : time(() => call(request))[0]);
    }
    const answer = call({ op: 'apply', puzzle: p, values: values.join(''), marks });
    values.splice(0, 81, ...answer.values);
    marks = answer.marks;
  }
}
for (const rules of ['hodoku', 'se']) {
  console.log(`hint along the path of the ${rated.length} hardest (ER ${rated.at(-1).er} to ${rated[0].er}), ${rules}: ${stats(along[rules])}`);
}

// The same by HoDoKu's rules on every 20th puzzle of forum_hardest_1106,
// the hardest collection at hand.
const forum = readFileSync(new URL('../../../shared/puzzles/forum_hardest_1106.txt', import.meta.url), 'utf8')
  .split('\n').map((l) => l.trim()).filter((l) => l.length === 81).filter((_, i) => i % 20 === 0);
const forumHints = [];
for (const p of forum) {
  const path = call({ op: 'explain', puzzle: p });
  const values = [...p];
  let marks = call({ op: 'candidates', puzzle: p, values: p }).marks;
  for (const step of path.steps) {
    forumHints.push(timeHodoku({ op: 'hint', puzzle: p, values: values.join(''), marks, level: 'move', rules: 'hodoku' }));
    const answer = call({ op: 'apply', puzzle: p, values: values.join(''), marks });
    values.splice(0, 81, ...answer.values);
    marks = answer.marks;
  }
}
console.log(`hint along the path of every 20th forum_hardest_1106 puzzle, hodoku: ${stats(forumHints)}`);
if (arg('--slowest', 0) > 0) {
  console.log(`the ${arg('--slowest', 0)} slowest hints by HoDoKu's rules along those paths:`);
  for (const { ms, line } of slowest.sort((a, b) => b.ms - a.ms).slice(0, arg('--slowest', 0))) {
    console.log(`${ms.toFixed(1)} ms ${line}`);
  }
}

for (const level of ['hard', 'unfair']) {
  const made = [];
  const tries = [];
  for (let seed = 1; seed <= 20; seed++) {
    const [ms, answer] = time(() => call({ op: 'generate', level, seed, rules: 'hodoku' }));
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    made.push(ms);
    tries.push(answer.tries);
  }
  console.log(`new ${level} puzzle (HoDoKu): ${stats(made)}; tries median ${tries.sort((a, b) => a - b)[9]}, max ${tries.at(-1)}`);
}
console.log(`sudokit.wasm: ${statSync(wasm).size} bytes`);

const server = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run'],
});
const loads = [];
for (let i = 0; i < arg('--loads', 7); i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]');
  loads.push(await page.evaluate(() => performance.now()));
  await context.close();
}
console.log(`page load to a usable board: ${stats(loads)}`);

// The longest task (the page not answering input) while the hardest
// puzzle is imported (rated) and explained, by the browser's long-task
// timing (tasks over 50 ms), with the tools and the explanation as a
// player would use them.
const hardest = rated[0].p;
const blocked = [];
for (let i = 0; i < arg('--loads', 7); i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]');
  await page.evaluate(() => {
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: 'longtask' });
  });
  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  await page.getByLabel('Puzzle').fill(hardest);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.waitForFunction(() => /rating .*ER/.test(document.getElementById('info').textContent));
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await page.getByRole('region', { name: 'Explanation' }).waitFor();
  await page.waitForTimeout(200);
  blocked.push(await page.evaluate(() => window.longest));
  await context.close();
}
console.log(`longest task importing and explaining the hardest (ER ${rated[0].er}; 0 = none over 50 ms): ${stats(blocked)}`);
await browser.close();
await server.close();
