// Speed of the page, measured by hand (not a test: times are not asserted).
//   node tests/measure.mjs [--loads N] [--hard N] [--slowest N]
// after web/build.sh. Prints, each as median and maximum (and how many
// passed 50 ms):
// - load: navigation to a usable board (body[data-ready]) in headless
//   Chromium, served from localhost, a fresh browser context each time;
// - hint, in node: sudokit.wasm's `hint` call, by HoDoKu's rules (the
//   page's default) and by SE's, on every norvig_top95 puzzle's start, and
//   on every state along the logical path of its N hardest (by ER), pencil
//   marks as the path leaves them; and by HoDoKu's rules along the path
//   of every 20th puzzle of forum_hardest_1106; each on a module freshly
//   compiled in this process, with no warm-up (node's V8 is older than
//   Chromium's, but tiers WebAssembly up the same way);
// - hint, in the page as a player meets it: the page loaded in headless
//   Chromium with a game stored where HoDoKu's next step is brute force
//   (one the warm-up passes) and its warm-up left to finish, then one
//   press of Hint (the wasm call and the board drawn); the same with the
//   warm-up off (app.js served with WARM_UP_ROUNDS = 0); and, in another
//   load each, the hints above along the paths, by HoDoKu's and SE's rules,
//   timed on the page's thread (a second instance of sudokit.wasm there,
//   which shares the page's compiled code), after the warm-up and with it
//   off, and after the warm-up HoDoKu's a second time over in the same
//   page (the code as hot as it gets); with how long after a usable board
//   the warm-up ends, and the longest task on the page from the navigation
//   to its end;
// - with --slowest N: the N slowest of those hints by HoDoKu's rules in
//   node, and then in the page after the warm-up, each with its time and
//   its state as a line of HoDoKu's library format (`sudokit hint --rules
//   hodoku` reads it as the same state);
// - new puzzle: `generate` at HoDoKu's levels Hard and Unfair, 20 seeds each;
// - longest task: the longest the page blocks input while the hardest of
//   them is imported and explained (the browser's long-task timing);
// and the size of sudokit.wasm.
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
// Hint rows also say how many passed the aim of 50 ms.
const stats = (xs, aim = Infinity) => {
  const s = [...xs].sort((a, b) => a - b);
  const over = s.filter((x) => x > aim).length;
  return `median ${s[Math.floor((s.length - 1) / 2)].toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (${s.length}`
    + `${over ? `, ${over} over ${aim} ms` : ''})`;
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
  console.log(`hint at the start, norvig_top95, ${rules}: ${stats(starts, 50)}`);
}

const rated = puzzles.map((p) => ({ p, er: call({ op: 'rate', puzzle: p }).rating.er }))
  .sort((a, b) => b.er - a.er).slice(0, arg('--hard', 10));
const along = { hodoku: [], se: [] };
const requests = { hodoku: [], se: [], forum: [] }; // the same hints, timed again in the page
for (const { p } of rated) {
  const path = call({ op: 'explain', puzzle: p });
  const values = [...p];
  let marks = call({ op: 'candidates', puzzle: p, values: p }).marks;
  for (const step of path.steps) {
    for (const rules of ['hodoku', 'se']) {
      const request = { op: 'hint', puzzle: p, values: values.join(''), marks, level: 'move', rules };
      requests[rules].push(request);
      along[rules].push(rules === 'hodoku' ? timeHodoku(request) : time(() => call(request))[0]);
    }
    const answer = call({ op: 'apply', puzzle: p, values: values.join(''), marks });
    values.splice(0, 81, ...answer.values);
    marks = answer.marks;
  }
}
for (const rules of ['hodoku', 'se']) {
  console.log(`hint along the path of the ${rated.length} hardest (ER ${rated.at(-1).er} to ${rated[0].er}), ${rules}: ${stats(along[rules], 50)}`);
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
    const request = { op: 'hint', puzzle: p, values: values.join(''), marks, level: 'move', rules: 'hodoku' };
    requests.forum.push(request);
    forumHints.push(timeHodoku(request));
    const answer = call({ op: 'apply', puzzle: p, values: values.join(''), marks });
    values.splice(0, 81, ...answer.values);
    marks = answer.marks;
  }
}
console.log(`hint along the path of every 20th forum_hardest_1106 puzzle, hodoku: ${stats(forumHints, 50)}`);
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

// The first hard hint after a load, as a player meets it. The game stored
// is norvig_top95's hardest after HoDoKu's first six moves, where every
// finder of HoDoKu's runs and finds nothing before brute force (the
// warm-up passes it: the rows along the paths show the hints it does not).
const hardGame = (() => {
  const p = '9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.';
  const marks = call({ op: 'candidates', puzzle: p, values: p }).marks;
  const struck = [['B8', 7], ['B9', 7], ['D1', 5], ['D3', 5], ['D7', 5], ['D8', 5], ['D9', 5],
    ['D3', 6], ['F2', 8], ['I4', 1]];
  for (const [sq, d] of struck) marks[(sq.charCodeAt(0) - 65) * 9 + Number(sq[1]) - 1] &= ~(1 << d);
  return JSON.stringify({ puzzle: p, values: [...p].map((c) => (c === '.' ? 0 : Number(c))),
    notes: marks.map((m, i) => (p[i] === '.' ? m : 0)),
    rating: call({ op: 'rate', puzzle: p, rules: 'se' }).rating,
    hodoku: call({ op: 'rate', puzzle: p, rules: 'hodoku' }).rating });
})();
/** A fresh context with `hardGame` stored (rated, so that no rating waits
 *  in the worker), the warm-up as in the page or off; loads the page, waits
 *  for the warm-up to end and returns the page and the times. */
async function loaded(warm) {
  const context = await browser.newContext();
  if (!warm) {
    await context.route('**/app.js', async (route) => {
      let response;
      let text;
      try {
        response = await route.fetch();
        text = await response.text();
      } catch {
        return; // the context closed meanwhile (the service worker's fetch)
      }
      const off = text.replace(/const WARM_UP_ROUNDS = \d+;/, 'const WARM_UP_ROUNDS = 0;');
      if (off === text) throw new Error('app.js has no WARM_UP_ROUNDS to turn off');
      await route.fulfill({ response, body: off });
    });
  }
  await context.addInitScript((g) => {
    if (!localStorage.getItem('sudokit.game')) localStorage.setItem('sudokit.game', g);
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  }, hardGame);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]');
  const ready = await page.evaluate(() => performance.now());
  await page.waitForSelector('body[data-warm=done]', { timeout: 60000 });
  const [warmed, longest] = await page.evaluate(() => [performance.now(), window.longest]);
  return { context, page, warmUp: warmed - ready, longest };
}
const firstHint = { true: [], false: [] };
const pageAlong = { true: { hodoku: [], se: [], forum: [] }, false: { hodoku: [], se: [], forum: [] } };
const warmUps = [];
const pageSlowest = [];
const longestLoad = { true: [], false: [] };
for (let i = 0; i < arg('--loads', 7); i++) {
  for (const warm of [true, false]) {
    const first = await loaded(warm);
    if (warm) warmUps.push(first.warmUp);
    longestLoad[warm].push(first.longest);
    firstHint[warm].push(await first.page.evaluate(() => {
      const t = performance.now();
      document.getElementById('hint').click();
      return performance.now() - t;
    }));
    await first.context.close();
    const { context, page } = await loaded(warm);
    const times = await page.evaluate(async ([lists, again]) => {
      const { loadSudokit } = await import('./sudokit.js');
      const call = await loadSudokit(new URL('sudokit.wasm', location.href));
      const out = {};
      for (const [name, list] of Object.entries(lists)) {
        out[name] = list.map((request) => {
          const t = performance.now();
          call(request);
          return performance.now() - t;
        });
      }
      // Once more in the same page: the code as hot as it gets, so what is
      // slow here is the search's own cost, not V8's baseline code.
      if (again) {
        for (const name of ['hodoku', 'forum']) {
          out[`${name} again`] = lists[name].map((request) => {
            const t = performance.now();
            call(request);
            return performance.now() - t;
          });
        }
      }
      return out;
    }, [requests, warm]);
    for (const name of Object.keys(times)) (pageAlong[warm][name] ??= []).push(...times[name]);
    if (warm) {
      for (const name of ['hodoku', 'forum']) {
        times[name].forEach((ms, k) => pageSlowest.push({ ms, request: requests[name][k] }));
      }
    }
    await context.close();
  }
}
console.log(`in the page: the warm-up ends after a usable board in ${stats(warmUps)}; `
  + `longest task from navigation to its end (0 = none over 50 ms): ${stats(longestLoad.true)}; `
  + `the same with the warm-up off: ${stats(longestLoad.false)}`);
for (const warm of [true, false]) {
  const how = warm ? 'after the warm-up' : 'warm-up off';
  console.log(`in the page, ${how}: first press of Hint, HoDoKu's brute-force position: ${stats(firstHint[warm], 50)}`);
  console.log(`in the page, ${how}: hint along the path of the ${rated.length} hardest, hodoku: ${stats(pageAlong[warm].hodoku, 50)}`);
  console.log(`in the page, ${how}: hint along the path of the ${rated.length} hardest, se: ${stats(pageAlong[warm].se, 50)}`);
  console.log(`in the page, ${how}: hint along the path of every 20th forum_hardest_1106 puzzle, hodoku: ${stats(pageAlong[warm].forum, 50)}`);
  if (!warm) continue;
  console.log(`in the page, ${how}, the same a second time over: hodoku along the path of the ${rated.length} hardest: `
    + `${stats(pageAlong[warm]['hodoku again'], 50)}; forum_hardest_1106: ${stats(pageAlong[warm]['forum again'], 50)}`);
}
if (arg('--slowest', 0) > 0) {
  console.log(`the ${arg('--slowest', 0)} slowest hints by HoDoKu's rules in the page after the warm-up:`);
  for (const { ms, request } of pageSlowest.sort((a, b) => b.ms - a.ms).slice(0, arg('--slowest', 0))) {
    console.log(`${ms.toFixed(1)} ms ${libraryLine(request.puzzle, request.values, request.marks)}`);
  }
}

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
