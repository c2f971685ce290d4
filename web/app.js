// sudokit in the browser: the game. Holds the player's state (placed digits,
// pencil marks, undo and redo), draws the board as an ARIA grid, and asks
// sudokit.wasm (through sudokit.js) for solutions, candidates, graded hints,
// moves, ratings and new puzzles. The game in progress is kept in
// localStorage after every move, and finished or abandoned games in a
// history of the last 50.
import { loadSudokit } from './sudokit.js';

const ROWS = 'ABCDEFGHI';
const NONE = Array(81).fill(0);
const LEVELS = ['area', 'technique', 'cells', 'move'];
const STORE = 'sudokit.game';
const HISTORY = 'sudokit.history';
const HISTORY_SIZE = 50;
const FIRST =
  '003020600900305001001806400008102900700000008006708200002609500800203009005010300';

// The buttons that answer nothing while the game is paused.
const PAUSED_OFF = ['check', 'hint', 'apply', 'explain', 'explain-here', 'replay', 'fill', 'undo', 'redo', 'export'];

const $ = (id) => document.getElementById(id);
const name = (s) => ROWS[Math.floor(s / 9)] + ((s % 9) + 1);
const bit = (d) => 1 << d;
const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & bit(d));
const line = (values) => values.map((v) => (v ? String(v) : '.')).join('');

/** The squares of a unit named as sudokit names it ("row C", "column 4", "box 1"). */
function unitSquares(unit) {
  const [kind, which] = unit.split(' ');
  const all = [...Array(81).keys()];
  if (kind === 'row') return all.filter((s) => Math.floor(s / 9) === ROWS.indexOf(which));
  if (kind === 'column') return all.filter((s) => s % 9 === Number(which) - 1);
  if (kind === 'box') {
    const b = Number(which) - 1;
    return all.filter((s) => Math.floor(s / 27) === Math.floor(b / 3) && Math.floor((s % 9) / 3) === b % 3);
  }
  return [];
}
const squareIndex = (sq) => ROWS.indexOf(sq[0]) * 9 + Number(sq.slice(1)) - 1;
const peers = (s) => [...Array(81).keys()].filter((t) => t !== s && (
  Math.floor(t / 9) === Math.floor(s / 9) || t % 9 === s % 9 ||
  (Math.floor(t / 27) === Math.floor(s / 27) && Math.floor((t % 9) / 3) === Math.floor((s % 9) / 3))));

let call;
let game;          // { puzzle, values[81], notes[81], undo[], redo[], rating (SE's), hodoku (HoDoKu's) }
let solution = null;
let selected = 0;         // the square the keys move from
let selection = new Set([0]); // the squares an entry goes to
let dragging = false;
let mode = 'digit';       // digit, corner, centre or colour
let markMode = 'corner';  // the mode Space switches to from digit
let lastDigit = 0;        // the digit last entered, highlighted with its candidates
let hintPresses = 0;
let marked = { area: [], focus: [], eliminated: [] };
let paused = false;
let checked = { wrong: [], marks: [] }; // what Check found, shown until the next move
let hintChain = [];  // the chain of the hint on screen (at the move level), drawn on the board
let hintGroups = [];  // the squares of each of its links, where a link is a group or an ALS
let path = null;   // while explaining: { steps, boards and marks (after k steps), k }
let replay = null; // while replaying: { steps, k, masks (candidates after k steps), undone, timer }

function say(text) { $('status').textContent = text; }

function save() { localStorage.setItem(STORE, JSON.stringify(game)); }

function load(key) {
  try { return JSON.parse(localStorage.getItem(key)); } catch { return null; }
}

const isSolved = () => Boolean(solution && line(game.values) === solution);

/** Whether the game holds anything of the player's: a digit or a mark. */
const hasMoves = (g) => g.values.some((v, s) => v && g.puzzle[s] === '.') ||
  [g.notes, g.centre, g.colours].some((layer) => layer.some((m) => m));

const MODES = ['digit', 'corner', 'centre', 'colour'];
const COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'grey'];

/** A stored game as this page keeps it: games saved before centre marks
 *  and colours have neither. */
function normal(g) {
  return { undo: [], redo: [], elapsed: 0, rating: null, hodoku: null, ...g,
    centre: g.centre ?? Array(81).fill(0), colours: g.colours ?? Array(81).fill(0) };
}

/** A game worth asking about before it is put away: played and unsolved. */
const inProgress = () => Boolean(game) && hasMoves(game) && !isSolved();

/** Puts a game in the history (newest first, the last 50). */
function archive(g, outcome) {
  const past = load(HISTORY) ?? [];
  past.unshift({ puzzle: g.puzzle, values: g.values, notes: g.notes, centre: g.centre,
    colours: g.colours, elapsed: g.elapsed ?? 0,
    rating: g.rating ?? null, hodoku: g.hodoku ?? null, outcome, ended: new Date().toISOString() });
  localStorage.setItem(HISTORY, JSON.stringify(past.slice(0, HISTORY_SIZE)));
}

/** Before another game replaces this one: an unsolved game with moves goes
 *  to the history as abandoned (a solved one is there already). */
function retire() {
  if (inProgress()) archive(game, 'abandoned');
}

/** Asks a yes-or-no question in a modal dialog; resolves to true for yes.
 *  Escape answers no. */
function ask(title, text, yes, no) {
  const dialog = $('ask');
  $('ask-title').textContent = title;
  $('ask-text').textContent = text;
  $('ask-yes').textContent = yes;
  $('ask-no').textContent = no;
  return new Promise((resolve) => {
    const done = (answer) => {
      $('ask-yes').onclick = null;
      $('ask-no').onclick = null;
      dialog.oncancel = null;
      dialog.close();
      resolve(answer);
    };
    $('ask-yes').onclick = () => done(true);
    $('ask-no').onclick = () => done(false);
    dialog.oncancel = (event) => { event.preventDefault(); done(false); };
    dialog.showModal();
    $('ask-no').focus();
  });
}

function snapshot() {
  return { values: [...game.values], notes: [...game.notes], centre: [...game.centre],
    colours: [...game.colours] };
}

/** Records the state before a change, for Undo. */
function remember() {
  game.undo.push(snapshot());
  if (game.undo.length > 500) game.undo.shift();
  game.redo = [];
}

function changed() {
  // A placed digit takes the place of the square's marks.
  game.values.forEach((v, s) => { if (v) { game.notes[s] = 0; game.centre[s] = 0; } });
  hintPresses = 0;
  hintChain = [];
  checked = { wrong: [], marks: [] };
  marked = { area: [], focus: [], eliminated: [] };
  const justSolved = isSolved() && !game.solved;
  if (justSolved) {
    game.solved = true;
    archive(game, 'solved');
    countSolve(game);
  }
  save();
  render();
  if (isSolved()) say(solvedText());
  if (justSolved) celebrate();
}

/** HoDoKu's rating as a player reads it: `Hard 1286`, or how far its path
 *  got where it stops short (at a step type without a finder, which
 *  HoDoKu's default configuration does not use). */
function hodokuText(h) {
  if (h.complete) return `${h.name} ${h.score}`;
  return `incomplete (${h.name} ${h.score} before ${h.stopped_at ?? 'a step HoDoKu\'s rules lack'})`;
}

/** Both ratings: `Hard 1286 · ER 7.1`, each as far as it is known. */
function ratingText(hodoku, se) {
  return [hodoku && hodokuText(hodoku), se && `ER ${se.er}`].filter(Boolean).join(' · ');
}

/** The rules hints and explanations follow: HoDoKu's unless SE's are chosen. */
const rules = () => $('rules').value;

/** What a solve says: the time and the rating. */
function solvedText() {
  const r = game.rating;
  const both = ratingText(game.hodoku, r);
  return `Solved in ${clock(game.elapsed ?? 0)}! Every square is right.` +
    (both ? ` Rating ${both}${r ? ` (EP ${r.ep}, ED ${r.ed})` : ''}.` : '');
}

/** Lights the board up, square by square (once; not where the player
 *  asked for less motion). */
function celebrate() {
  const board = $('board');
  board.classList.remove('celebrate');
  void board.offsetWidth; // restart the animation
  board.classList.add('celebrate');
}

/** Starts a game on `puzzle` (already checked by sudokit). */
function start(given, rating, extra = {}, hodoku = null) {
  retire();
  const puzzle = given.replaceAll('0', '.');
  const values = [...puzzle].map((c) => (c === '.' ? 0 : Number(c)));
  game = normal({ puzzle, values, notes: Array(81).fill(0), rating: rating ?? null, hodoku, ...extra });
  closePath();
  stopReplay();
  solution = null;
  hintPresses = 0;
  hintChain = [];
  marked = { area: [], focus: [], eliminated: [] };
  selected = 0;
  selection = new Set([0]);
  const solved = call({ op: 'solve', puzzle });
  if (solved.ok) solution = solved.solution;
  save();
  render();
  rateMissing();
}

/** Rates the game by each rule set it has no rating by yet, in the worker
 *  (the board is playable meanwhile). */
function rateMissing() {
  const g = game;
  for (const [field, by] of [['hodoku', 'hodoku'], ['rating', 'se']]) {
    if (g[field]) continue;
    heavy({ op: 'rate', puzzle: g.puzzle, rules: by }).then((rated) => {
      if (!rated.ok || game !== g) return;
      g[field] = rated.rating;
      save();
      render();
    });
  }
}

/** A request about the player's state: the puzzle, the digits and the
 *  pencil marks (the corner marks; none when none are written). */
function requestOf(op, extra = {}) {
  const anyNotes = game.notes.some((m) => m !== 0);
  return { op, puzzle: game.puzzle, values: line(game.values), marks: anyNotes ? game.notes : null, ...extra };
}

function request(op, extra = {}) { return call(requestOf(op, extra)); }

// Heavy calls (rate, explain, generate, trace) go to a Web Worker, so that
// the page keeps answering input while they run; without one (or if it
// fails) they run here.
let worker = null;
const waiting = new Map(); // id -> [request, resolve]
let nextId = 0;

function startWorker() {
  try {
    worker = new Worker(new URL('worker.js', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
    return;
  }
  worker.addEventListener('message', ({ data: { id, answer } }) => {
    waiting.get(id)?.[1](answer);
    waiting.delete(id);
  });
  worker.addEventListener('error', () => {
    worker?.terminate();
    worker = null;
    // A warm-up request is not worth a long task here: it is dropped.
    for (const [id, [req, resolve]] of waiting) { waiting.delete(id); resolve(warmingUp.has(req) ? null : call(req)); }
  });
}

/** `call`, in the worker: resolves to the answer. */
function heavy(req) {
  if (!worker) return Promise.resolve(call(req));
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, [req, resolve]);
    worker.postMessage({ id, request: req });
  });
}

// Warming up. V8 runs a WebAssembly function first in its baseline code and
// optimizes it once it is hot, so the first hints that reach HoDoKu's chain
// finders or SE's dynamic chains run slowly in a fresh page: about 100 ms
// for the first where HoDoKu takes brute force, 15 to 25 ms once hot. This
// thread and the worker instantiate the same sudokit.wasm, and V8 keeps one
// compiled module for both, optimized code included. So once the page is
// usable the worker plays the first moves of HoDoKu's path on a hard
// puzzle, asking SE's hint at each position too, twice over: loops, ALS,
// forcing chains and nets and brute force. Each request waits for the page
// to be idle, for the player to have left it alone for a moment and for no
// heavy work to be waiting; none runs on this thread, and the answers are
// thrown away (they change nothing on the page).
const WARM_UP_ROUNDS = 2;
const WARM_UP_MOVES = 12;
const WARM_UP_QUIET_MS = 1000;
// norvig_top95's hardest (ER 9.3): HoDoKu's path begins with a pointing, a
// loop, an ALS-XZ, a forcing chain, two forcing nets and brute force.
const WARM_UP_PUZZLE =
  '9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.';
let lastInput = -Infinity; // when the player last pressed a key or pointed
const warmingUp = new Set(); // the warm-up's requests, while they wait

function idle() {
  return new Promise((resolve) => (window.requestIdleCallback
    ? requestIdleCallback(resolve, { timeout: 2000 })
    : setTimeout(resolve, 50)));
}

/** One warm-up request in the worker once the player leaves the page alone:
 *  resolves to its answer, or null without a worker. */
async function warmUpCall(req) {
  for (;;) {
    await idle();
    if (!worker) return null;
    if (performance.now() - lastInput >= WARM_UP_QUIET_MS && !waiting.size) break;
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_QUIET_MS));
  }
  warmingUp.add(req);
  const answer = await heavy(req);
  warmingUp.delete(req);
  return answer;
}

/** Warms the worker's (and so this thread's) code up; `body[data-warm]`
 *  counts the requests answered, then says `done` (`skipped` without a
 *  worker). */
async function warmUp() {
  let answered = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    let values = WARM_UP_PUZZLE;
    let marks = null;
    for (let move = 0; move < WARM_UP_MOVES; move++) {
      const state = { puzzle: WARM_UP_PUZZLE, values, marks };
      const se = await warmUpCall({ op: 'hint', ...state, level: 'move', rules: 'se' });
      const next = se && await warmUpCall({ op: 'apply', ...state, rules: 'hodoku' });
      if (!next) { document.body.dataset.warm = 'skipped'; return; }
      answered += 2;
      document.body.dataset.warm = String(answered);
      if (!next.ok || !next.step) break;
      ({ values, marks } = next);
    }
  }
  document.body.dataset.warm = 'done';
}

/** What the board shows: the game, a step of the explanation, or a step of
 *  a replay (whose open squares show their candidates). */
function view() {
  if (replay) {
    const values = replay.masks.map((m) => (digitsOf(m).length === 1 ? digitsOf(m)[0] : 0));
    return { values, notes: replay.masks.map((m, s) => (values[s] ? 0 : m)), centre: NONE, colours: NONE };
  }
  if (path) {
    // The step's placement made, and the other squares' candidates as they
    // were before it, so that what it removes can be seen going.
    const values = path.boards[path.k];
    const before = path.marks[Math.max(0, path.k - 1)];
    return { values, notes: before.map((m, s) => (values[s] ? 0 : m)), centre: NONE, colours: NONE };
  }
  return game;
}

function label(s, shown, clash) {
  if (paused) return `${name(s)} hidden while paused`;
  const given = game.puzzle[s] !== '.';
  const v = shown.values[s];
  const notes = digitsOf(shown.notes[s]);
  let text = `${name(s)} empty`;
  if (given) text = `${name(s)} given ${v}`;
  else if (v) text = `${name(s)} placed ${v}`;
  else if (notes.length) text += `, candidates ${notes.join(' ')}`;
  const centre = digitsOf(shown.centre[s]);
  if (!v && centre.length) text += `, centre ${centre.join(' ')}`;
  if (shown.colours[s]) text += `, colour ${COLOURS[shown.colours[s] - 1]}`;
  if (clash) text += ', conflict';
  if (checked.wrong.includes(s)) text += ', wrong';
  if (checked.marks.includes(s)) text += ', marks miss the answer';
  return text;
}

function build() {
  const board = $('board');
  for (let r = 0; r < 9; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    for (let c = 0; c < 9; c++) {
      const s = r * 9 + c;
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.className = `cell r${ROWS[r]} c${c}`;
      cell.dataset.square = s;
      cell.style.setProperty('--i', String(r + c));
      cell.addEventListener('pointerdown', (event) => {
        // Shift- or Ctrl-click adds a square (or takes it out again); a
        // plain press starts a new selection, which a drag extends.
        if (event.shiftKey || event.ctrlKey || event.metaKey) {
          if (selection.has(s) && selection.size > 1) selection.delete(s);
          else selection.add(s);
        } else {
          selection = new Set([s]);
        }
        selected = s;
        dragging = true;
        render();
        cell.focus();
        event.preventDefault();
      });
      row.append(cell);
    }
    board.append(row);
  }
  // A drag adds each square it passes over (found by position, as a touch
  // keeps sending its events to the square it started on).
  board.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest('.cell');
    const s = under ? Number(under.dataset.square) : -1;
    if (s < 0 || selection.has(s)) return;
    selection.add(s);
    selected = s;
    render();
  });
  document.addEventListener('pointerup', () => { dragging = false; });
  document.addEventListener('pointercancel', () => { dragging = false; });
  for (const radio of $('modes').querySelectorAll('[role=radio]')) {
    radio.addEventListener('click', () => setMode(radio.dataset.mode));
  }
  // Arrows move within the radio group, as in any radio group.
  $('modes').addEventListener('keydown', (event) => {
    const turn = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!turn) return;
    setMode(MODES[(MODES.indexOf(mode) + turn + 4) % 4]);
    $('modes').querySelector(`[data-mode=${mode}]`).focus();
    event.preventDefault();
    event.stopPropagation();
  });
  // Keys play wherever the focus is (after a click on Notes, say), except
  // in the puzzle field and the level list.
  document.addEventListener('keydown', (event) => {
    if (!event.target.closest('input, select, textarea')) key(event);
  });
  document.addEventListener('keyup', (event) => {
    if (event.key === 'Control' || event.key === 'Shift') render();
  });
  const pad = $('pad');
  for (let d = 1; d <= 9; d++) {
    // The count left sits beside the button's name, not in it, so that the
    // button is named by its digit alone; the description says it.
    const key = document.createElement('span');
    key.className = 'key';
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = String(d);
    b.addEventListener('click', () => enter(d));
    const left = document.createElement('span');
    left.className = 'left';
    left.setAttribute('aria-hidden', 'true');
    key.append(b, left);
    pad.append(key);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.textContent = 'Erase';
  erase.className = 'erase';
  erase.addEventListener('click', () => enter(0));
  pad.append(erase);
}

function render() {
  const cells = $('board').querySelectorAll('[role=gridcell]');
  const shown = view();
  const { values } = shown;
  // The digit highlighted: the selected square's, or the one last entered.
  // (None while the board shows an explanation or a replay.)
  const here = path || replay ? 0 : values[selected] || lastDigit;
  const house = (t) => Math.floor(t / 9) === Math.floor(selected / 9) || t % 9 === selected % 9 ||
    (Math.floor(t / 27) === Math.floor(selected / 27) && Math.floor((t % 9) / 3) === Math.floor((selected % 9) / 3));
  $('board').classList.toggle('paused', paused);
  $('board').classList.toggle('solved', !paused && !path && !replay && isSolved());
  if (!path && !hintChain.length) $('arrows').replaceChildren();
  cells.forEach((cell, s) => {
    const v = paused ? 0 : values[s];
    const given = game.puzzle[s] !== '.';
    const clash = Boolean(v) && peers(s).some((t) => values[t] === v);
    cell.classList.toggle('given', given);
    cell.classList.toggle('placed', !given && v !== 0);
    cell.classList.toggle('selected', !paused && selection.has(s));
    cell.classList.toggle('cursor', s === selected);
    cell.classList.toggle('house', !paused && !path && !replay && house(s));
    cell.classList.toggle('same', !paused && here !== 0 && v === here);
    for (let c = 1; c <= 9; c++) cell.classList.toggle(`colour${c}`, !paused && shown.colours[s] === c);
    cell.classList.toggle('conflict', Boolean(clash));
    cell.classList.toggle('area', marked.area.includes(s));
    cell.classList.toggle('focus', marked.focus.includes(s));
    cell.classList.toggle('eliminated', marked.eliminated.some((e) => e.s === s));
    cell.classList.toggle('wrong', checked.wrong.includes(s));
    cell.classList.toggle('wrong-marks', checked.marks.includes(s));
    cell.setAttribute('aria-label', label(s, shown, clash));
    cell.setAttribute('aria-selected', String(selection.has(s)));
    cell.setAttribute('aria-readonly', String(given));
    cell.tabIndex = s === selected ? 0 : -1;
    cell.replaceChildren();
    if (v) {
      cell.textContent = String(v);
    } else if (shown.notes[s] && !paused) {
      const notes = document.createElement('div');
      notes.className = 'notes';
      notes.setAttribute('aria-hidden', 'true');
      for (let d = 1; d <= 9; d++) {
        const span = document.createElement('span');
        span.textContent = shown.notes[s] & bit(d) ? String(d) : '';
        if (marked.eliminated.some((e) => e.s === s && e.d === d)) span.className = 'hit';
        else if (d === here && shown.notes[s] & bit(d)) span.className = 'pick';
        // Spaces between the marks, so that the text reads as the name
        // says it ("4 5 7 8", not "4578"); a grid does not lay them out.
        notes.append(span, ' ');
      }
      cell.append(notes);
    }
    if (!v && shown.centre[s] && !paused) {
      const centre = document.createElement('div');
      centre.className = 'centre';
      centre.setAttribute('aria-hidden', 'true');
      // Drawn by the style sheet from the attribute: the square's name says
      // the marks, and text beside the corner marks would not read as it.
      centre.dataset.marks = digitsOf(shown.centre[s]).join('');
      cell.append(centre);
    }
  });
  // The pad: how many of each digit are still to place; in colour mode,
  // each digit's colour.
  $('pad').querySelectorAll('.key').forEach((key, i) => {
    const d = i + 1;
    const left = 9 - values.filter((v) => v === d).length;
    key.querySelector('.left').textContent = paused ? '' : String(Math.max(0, left));
    const b = key.querySelector('button');
    b.setAttribute('aria-description', mode === 'colour' ? `colour ${COLOURS[i]}` :
      paused ? '' : `${Math.max(0, left)} left`);
    b.className = mode === 'colour' ? `colour${d}` : '';
    b.classList.toggle('done', left <= 0 && !paused);
  });
  for (const radio of $('modes').querySelectorAll('[role=radio]')) {
    const on = radio.dataset.mode === shownMode();
    radio.setAttribute('aria-checked', String(radio.dataset.mode === mode));
    radio.classList.toggle('held', on && radio.dataset.mode !== mode);
    radio.tabIndex = radio.dataset.mode === mode ? 0 : -1;
  }
  $('undo').disabled = game.undo.length === 0;
  $('redo').disabled = game.redo.length === 0;
  const r = game.rating;
  $('pause').textContent = paused ? 'Resume' : 'Pause';
  // Nothing that shows or changes the hidden board works while paused.
  for (const id of PAUSED_OFF) $(id).disabled = paused || (id === 'undo' && !game.undo.length) ||
    (id === 'redo' && !game.redo.length);
  $('timer').textContent = clock(game.elapsed ?? 0);
  const both = ratingText(game.hodoku, r);
  $('info').textContent = `${81 - game.puzzle.split('.').length + 1} givens` +
    (both ? `; rating ${both}` : '') + (r ? ` (EP ${r.ep}, ED ${r.ed})` : '');
}

/** The mode an entry goes in while a key is held: Shift gives corner marks
 *  and Ctrl centre marks for one entry, as in SudokuPad. */
let held = null;
const shownMode = () => held ?? mode;

function setMode(m) {
  mode = m;
  if (m !== 'digit') markMode = m;
  render();
  say(`Input mode: ${m}.`);
}

/** Puts `d` in every selected square as the mode says: a digit, a corner
 *  or centre mark (toggled: taken out when every square has it), or a
 *  colour (the same). 0 erases: the digits, else the marks, else the
 *  colours. Givens take colours only. */
function enter(d, as = mode) {
  if (paused || path || replay) {
    say(paused ? 'The game is paused.' : 'Close the explanation or stop the replay to play.');
    return;
  }
  const squares = [...selection].sort((a, b) => a - b);
  const open = squares.filter((s) => game.puzzle[s] === '.');
  if (d) lastDigit = d;
  if (as === 'colour' && d) {
    const all = squares.every((s) => game.colours[s] === d);
    remember();
    for (const s of squares) game.colours[s] = all ? 0 : d;
    changed();
    return;
  }
  if (!open.length && !(d === 0 && squares.some((s) => game.colours[s]))) {
    say(`${name(squares[0])} is a given and cannot change.`);
    return;
  }
  if (d === 0) {
    const layers = [['values'], ['notes', 'centre'], ['colours']];
    const layer = layers.find((ls) => ls.some((l) => (l === 'colours' ? squares : open).some((s) => game[l][s])));
    if (!layer) return;
    remember();
    for (const l of layer) for (const s of l === 'colours' ? squares : open) game[l][s] = 0;
    changed();
    return;
  }
  if (as === 'digit') {
    if (open.every((s) => game.values[s] === d)) { render(); return; }
    remember();
    for (const s of open) {
      game.values[s] = d;
      for (const t of peers(s)) { game.notes[t] &= ~bit(d); game.centre[t] &= ~bit(d); }
    }
    changed();
    return;
  }
  const layer = as === 'corner' ? game.notes : game.centre;
  const empty = open.filter((s) => !game.values[s]);
  if (!empty.length) return;
  const all = empty.every((s) => layer[s] & bit(d));
  remember();
  for (const s of empty) layer[s] = all ? layer[s] & ~bit(d) : layer[s] | bit(d);
  changed();
}

/** Moves the selection by `step` squares along its row or column, wrapping
 *  round at the edges. */
function move(dr, dc, extend = false) {
  const r = (Math.floor(selected / 9) + dr + 9) % 9;
  const c = ((selected % 9) + dc + 9) % 9;
  selected = r * 9 + c;
  if (extend) selection.add(selected);
  else selection = new Set([selected]);
  render();
  $('board').querySelectorAll('[role=gridcell]')[selected].focus();
}

/** The page's keys (listed in the "Keyboard shortcuts" dialog). A key held
 *  with Alt does nothing, and with Ctrl only what is listed. */
function key(event) {
  if (document.querySelector('dialog[open]')) return;
  const k = event.key;
  // The digit of the key, also when Shift turns it into a symbol.
  const digit = /^[1-9]$/.test(k) ? k : /^Digit([1-9])$/.exec(event.code)?.[1];
  const onButton = event.target.closest?.('button, a, [role=radio]');
  if (event.altKey) return;
  if (k === 'Shift' || k === 'Control') {
    // Shown on the mode buttons while held: the next entry's mode.
    held = k === 'Shift' ? 'corner' : 'centre';
    if (mode !== 'digit') held = null;
    render();
    held = null;
    return;
  }
  if (event.ctrlKey || event.metaKey) {
    const lower = k.toLowerCase();
    if (lower === 'z' && !event.shiftKey) undo(game.undo, game.redo);
    else if (lower === 'y' || (lower === 'z' && event.shiftKey)) undo(game.redo, game.undo);
    else if (lower === 'a') { selection = new Set(Array(81).keys()); render(); }
    else if (digit) enter(Number(digit), mode === 'digit' ? 'centre' : mode);
    else return;
    event.preventDefault();
    return;
  }
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const modeKeys = { z: 'digit', x: 'corner', c: 'centre', v: 'colour' };
  if (k in moves) {
    move(...moves[k], event.shiftKey);
  } else if (digit) {
    enter(Number(digit), event.shiftKey && mode === 'digit' ? 'corner' : mode);
  } else if (k.toLowerCase() in modeKeys) {
    setMode(modeKeys[k.toLowerCase()]);
  } else if (k === 'Escape' && selection.size > 1) {
    selection = new Set([selected]);
    render();
  } else if (['Backspace', 'Delete'].includes(k)) {
    enter(0);
  } else if (k === ' ' && !onButton) {
    setMode(mode === 'digit' ? markMode : 'digit');
  } else if (k === 'h' || k === 'H') {
    hint();
  } else if (k === 'p' || k === 'P') {
    pause();
  } else if (k === '?') {
    $('keys').showModal();
  } else {
    return;
  }
  event.preventDefault();
}

function undo(from, to) {
  if (paused) { say('The game is paused.'); return; }
  closePath();
  stopReplay();
  if (!from.length) return;
  to.push(snapshot());
  Object.assign(game, from.pop());
  changed();
}

function fill() {
  if (paused) { say('The game is paused.'); return; }
  closePath();
  stopReplay();
  // Every digit the peers allow, whatever marks the player wrote.
  const answer = request('candidates', { marks: null });
  if (!answer.ok) { say(`Cannot fill: ${answer.error.what}`); return; }
  remember();
  game.notes = answer.marks.map((m, s) => (game.values[s] ? 0 : m));
  changed();
  say('Every empty square now shows the digits its peers allow.');
}

/** Compares the board with the solution: wrong digits, and pencil marks
 *  that leave out a square's right digit, are marked on the board (until
 *  the next move) and named. */
function check() {
  if (paused) { say('The game is paused.'); return; }
  if (!solution) { say('This puzzle has no single solution to check against.'); return; }
  const squares = [...Array(81).keys()];
  const wrong = squares.filter((s) => game.values[s] && game.values[s] !== Number(solution[s]));
  const misses = (m, s) => m && !(m & bit(Number(solution[s])));
  const marks = squares.filter((s) => !game.values[s] &&
    (misses(game.notes[s], s) || misses(game.centre[s], s)));
  checked = { wrong, marks };
  render();
  const parts = [];
  if (wrong.length) parts.push(`${wrong.length} wrong: ${wrong.map(name).join(', ')}.`);
  if (marks.length) parts.push(`Pencil marks without the right digit: ${marks.map(name).join(', ')}.`);
  if (parts.length) say(parts.join(' '));
  else if (isSolved()) say(solvedText());
  else say('No mistakes so far.');
}

/** One press of Hint: each press gives away one more level. */
function hint() {
  if (paused) { say('The game is paused.'); return; }
  closePath();
  stopReplay();
  const level = LEVELS[Math.min(hintPresses, LEVELS.length - 1)];
  const answer = request('hint', { level, rules: rules() });
  if (!answer.ok) { say(`No hint: ${answer.error.what}`); return; }
  const h = answer.hint;
  hintPresses += 1;
  marked = { area: [], focus: [], eliminated: [] };
  marked.area = (h.units ?? h.evidence?.units ?? []).flatMap(unitSquares);
  if (h.squares) marked.focus = h.squares.map(squareIndex);
  if (h.square) marked.focus = [squareIndex(h.square)];
  if (h.placements) {
    marked.focus = [...h.placements, ...(h.evidence?.squares ?? []).map((square) => ({ square }))]
      .map((p) => squareIndex(p.square));
    marked.eliminated = h.eliminations.map((e) => ({ s: squareIndex(e.square), d: e.digit }));
  }
  render();
  // A move's chain is drawn on the board, as Explain draws it.
  hintChain = level === 'move' ? h.evidence?.chain ?? [] : [];
  hintGroups = level === 'move' ? h.evidence?.chain_squares ?? [] : [];
  if (!paused && !path) drawChain(hintChain, hintGroups);
  say(`Hint (${level}): ${h.text}`);
}

function apply() {
  if (paused) { say('The game is paused.'); return; }
  closePath();
  stopReplay();
  const hadNotes = game.notes.some((m) => m !== 0);
  const answer = request('apply', { rules: rules() });
  if (!answer.ok) { say(`Cannot apply: ${answer.error.what}`); return; }
  if (!answer.step) { say(answer.hint.text); return; }
  remember();
  game.values = [...answer.values].map((c) => (c === '.' ? 0 : Number(c)));
  if (hadNotes || answer.step.eliminations.length) {
    game.notes = answer.marks.map((m, s) => (game.values[s] ? 0 : m));
  }
  changed();
  if (!(solution && line(game.values) === solution)) say(`Applied: ${answer.step.text}`);
}

function importText(text) {
  const compact = text.replace(/\s/g, '');
  if (compact.length === 729 && game) return importMarks(compact);
  const answer = call({ op: 'parse', puzzle: text });
  if (!answer.ok) { say(`Cannot import: ${answer.error.what}`); return false; }
  const solved = call({ op: 'solve', puzzle: answer.puzzle });
  if (!solved.ok) { say(`Cannot import: ${solved.error.what}`); return false; }
  start(answer.puzzle);
  say(`Imported a puzzle with ${answer.givens} givens.`);
  return true;
}

/** Reads 729 characters of pencil marks (each square's 9 places, digit d at
 *  place d, '.' or 0 where it is struck) onto the current puzzle: a square
 *  left with one mark counts as placed. */
function importMarks(text) {
  const answer = call({ op: 'state', puzzle: game.puzzle, state: text });
  if (!answer.ok) { say(`Cannot import: ${answer.error.what}`); return false; }
  closePath();
  stopReplay();
  remember();
  game.values = [...answer.values].map((c) => (c === '.' ? 0 : Number(c)));
  game.notes = answer.marks.map((m, s) => (game.values[s] ? 0 : m));
  changed();
  say('Imported the pencil marks onto this puzzle.');
  return true;
}

/** The game as text: the puzzle's 81 characters, and 729 characters of
 *  pencil marks (placed squares as their digit; a square without marks
 *  written, as the digits its peers allow), which Import reads back. */
function exportState() {
  const answer = request('candidates');
  if (!answer.ok) { say(`Cannot export: ${answer.error.what}`); return; }
  const marks = answer.marks.map((m) => [1, 2, 3, 4, 5, 6, 7, 8, 9]
    .map((d) => (m & bit(d) ? String(d) : '.')).join('')).join('');
  $('import-text').value = marks;
  navigator.clipboard?.writeText(`${game.puzzle}\n${marks}\n`).catch(() => {});
  say(`Exported. Puzzle: ${game.puzzle}. Pencil marks (729 characters) are in the Puzzle field.`);
}

/** Whether the player lets a new puzzle replace the game in progress
 *  (asked only when there is one). */
async function mayReplace() {
  if (inProgress() && !await ask('Start a new puzzle?',
    'Your game in progress is not finished. If you start a new puzzle, it goes to History.',
    'Start it', 'Keep my game')) {
    say('Your game is as you left it.');
    return false;
  }
  return true;
}

async function newPuzzle() {
  const level = $('level').value;
  if (!await mayReplace()) return;
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  const seed = a * 2 ** 21 + (b >>> 11);
  const name = $('level').selectedOptions[0].textContent;
  say(`Making a puzzle at HoDoKu's level ${name}...`);
  const answer = await heavy({ op: 'generate', level, seed, rules: 'hodoku' });
  if (!answer.ok) { say(`No puzzle: ${answer.error.what}.`); return; }
  start(answer.puzzle, answer.rating, { level }, answer.hodoku);
  say(`A new ${name} puzzle, ${ratingText(answer.hodoku, answer.rating)}.`);
}

// The daily puzzle's level by weekday (Sunday first): easy early in the
// week, harder towards its end.
const DAILY_LEVELS = ['unfair', 'easy', 'medium', 'medium', 'hard', 'hard', 'unfair'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The local calendar date as YYYY-MM-DD. */
function today(now = new Date()) {
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The day's puzzle: the generator's, seeded by the date, at the weekday's
 *  level, so everyone gets the same one on the same date. */
async function dailyPuzzle() {
  const now = new Date();
  const date = today(now);
  if (game.daily === date) { say(`This is the daily puzzle for ${date}.`); return; }
  if (!await mayReplace()) return;
  const level = DAILY_LEVELS[now.getDay()];
  say(`Making the daily puzzle for ${date}...`);
  const answer = await heavy({ op: 'generate', level, seed: Number(date.replaceAll('-', '')), rules: 'hodoku' });
  if (!answer.ok) { say(`No puzzle: ${answer.error.what}.`); return; }
  start(answer.puzzle, answer.rating, { level, daily: date }, answer.hodoku);
  say(`The daily puzzle for ${date} (${WEEKDAYS[now.getDay()]}, ${answer.hodoku.name}), ` +
    `${ratingText(answer.hodoku, answer.rating)}.`);
}

const STATS = 'sudokit.stats';
const RULES_KEY = 'sudokit.rules';

/** Counts a solve in the statistics: by level (count, best and total
 *  time) and, for a daily puzzle, its date. */
function countSolve(g) {
  const stats = load(STATS) ?? { levels: {}, daily: [] };
  const level = g.level ?? 'other';
  const row = stats.levels[level] ?? { solved: 0, best: null, total: 0 };
  row.solved += 1;
  row.total += g.elapsed ?? 0;
  row.best = row.best === null ? g.elapsed ?? 0 : Math.min(row.best, g.elapsed ?? 0);
  stats.levels[level] = row;
  if (g.daily && !stats.daily.includes(g.daily)) stats.daily.push(g.daily);
  localStorage.setItem(STATS, JSON.stringify(stats));
}

/** Days in a row, up to today (or yesterday, while today's is open), with
 *  the daily puzzle solved. */
function streak(days) {
  const done = new Set(days);
  const day = new Date();
  if (!done.has(today(day))) day.setDate(day.getDate() - 1);
  let n = 0;
  while (done.has(today(day))) { n += 1; day.setDate(day.getDate() - 1); }
  return n;
}

function showStats() {
  const stats = load(STATS) ?? { levels: {}, daily: [] };
  const known = [...$('level').options].map((o) => o.value);
  // Levels the list no longer offers (games solved at SE's levels before
  // the page offered HoDoKu's) still count, after the list's own.
  const levels = [...known, ...Object.keys(stats.levels).filter((l) => !known.includes(l) && l !== 'other'), 'other']
    .filter((l) => stats.levels[l]);
  $('stats-rows').replaceChildren(...levels.map((l) => {
    const row = stats.levels[l];
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = l;
    tr.append(th, ...[String(row.solved), clock(row.best), clock(Math.round(row.total / row.solved))]
      .map((text) => { const td = document.createElement('td'); td.textContent = text; return td; }));
    return tr;
  }));
  $('stats-table').hidden = levels.length === 0;
  $('stats-none').hidden = levels.length > 0;
  const n = streak(stats.daily);
  $('stats-streak').textContent = `Daily puzzle streak: ${n} ${n === 1 ? 'day' : 'days'}.`;
  $('stats').showModal();
}

/** A link that opens this puzzle: shown, and copied where the browser
 *  allows; the page's own address stays as it is. */
function share() {
  const url = new URL(location.pathname, location.origin);
  url.search = `?p=${game.puzzle}`;
  $('share-link').value = url.href;
  $('share-box').hidden = false;
  say(`Share link: ${url.href}`);
  navigator.clipboard?.writeText(url.href)
    .then(() => say(`Share link (copied): ${url.href}`), () => {});
}

/** Fills the History dialog: each game with its outcome, time and rating,
 *  and a button to open it again. */
function showHistory() {
  const past = load(HISTORY) ?? [];
  const list = $('history-list');
  list.replaceChildren(...past.map((g, i) => {
    const item = document.createElement('li');
    const when = new Date(g.ended);
    const date = Number.isNaN(when.getTime()) ? '' : `, ${when.toLocaleString()}`;
    const filled = g.values.filter((v, s) => v && g.puzzle[s] === '.').length;
    const open = g.puzzle.split('.').length - 1;
    item.append(`${g.outcome}, ${clock(g.elapsed ?? 0)}, ${filled} of ${open} squares filled` +
      (g.rating || g.hodoku ? `, ${ratingText(g.hodoku, g.rating)}` : '') + date + ' ');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = `Open game ${i + 1}`;
    b.addEventListener('click', () => reopen(i));
    item.append(b);
    return item;
  }));
  $('history-empty').hidden = past.length > 0;
  $('history').showModal();
}

/** Makes game `i` of the history the game in progress; the one it replaces
 *  goes to the history if it was unfinished. */
function reopen(i) {
  const past = load(HISTORY) ?? [];
  const g = past[i];
  if (!g) return;
  past.splice(i, 1);
  localStorage.setItem(HISTORY, JSON.stringify(past));
  retire();
  closePath();
  stopReplay();
  game = normal({ puzzle: g.puzzle, values: g.values, notes: g.notes, centre: g.centre,
    colours: g.colours, rating: g.rating, hodoku: g.hodoku ?? null, elapsed: g.elapsed, solved: g.outcome === 'solved' });
  const solved = call({ op: 'solve', puzzle: game.puzzle });
  solution = solved.ok ? solved.solution : null;
  hintPresses = 0;
  hintChain = [];
  marked = { area: [], focus: [], eliminated: [] };
  $('history').close();
  save();
  render();
  rateMissing();
  say(`Reopened a ${g.outcome} game.`);
}

/** Checks the puzzle of a shared link; returns it in sudokit's form, or
 *  throws what is wrong with it. */
function sharedPuzzle(text) {
  const answer = call({ op: 'parse', puzzle: text });
  if (!answer.ok) throw new Error(answer.error.what);
  const solved = call({ op: 'solve', puzzle: answer.puzzle });
  if (!solved.ok) throw new Error(solved.error.what);
  return answer.puzzle.replaceAll('0', '.');
}

/** Opens a shared link's puzzle: a bad one is refused and changes nothing;
 *  one that would replace a game in progress asks first. */
async function openShared(text) {
  let puzzle;
  try {
    puzzle = sharedPuzzle(text);
  } catch (e) {
    say(`This link's puzzle cannot be opened: ${e.message} Your game is as you left it.`);
    return;
  }
  if (puzzle !== game.puzzle) {
    if (inProgress() && !await ask('Open shared puzzle?',
      'You have a game in progress. If you open the shared puzzle, your game goes to History.',
      'Open it', 'Keep my game')) {
      say('Your game is as you left it.');
    } else {
      start(puzzle);
      say('Opened the shared puzzle.');
    }
  }
  // The question is asked once: a reload goes on with the game chosen.
  history.replaceState(null, '', location.pathname);
}

/** Whether the page is dark: the switch's choice, else the system's. */
const dark = () => (document.documentElement.dataset.theme ??
  (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')) === 'dark';

function showTheme() {
  $('theme').setAttribute('aria-checked', String(dark()));
  document.querySelector('meta[name=theme-color]')?.setAttribute('content', dark() ? '#10131a' : '#f4f6fa');
}

/** Seconds as m:ss (h:mm:ss past an hour). */
function clock(seconds) {
  const two = (n) => String(n).padStart(2, '0');
  const [h, m, sec] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** One second of play: the clock runs while the game is on screen, not
 *  paused and not solved. */
function tick() {
  if (!game || paused || document.visibilityState !== 'visible') return;
  if (solution && line(game.values) === solution) return;
  game.elapsed = (game.elapsed ?? 0) + 1;
  $('timer').textContent = clock(game.elapsed);
  save();
}

function pause() {
  paused = !paused;
  if (paused) {
    // The explanation and the replay show digits: they close.
    closePath();
    stopReplay();
    hintPresses = 0;
    hintChain = [];
    marked = { area: [], focus: [], eliminated: [] };
  }
  render();
  say(paused ? 'Paused: the clock is stopped and the board hidden.' : 'Resumed.');
}

/** Shows the logical path from the givens, with its rating, a step at a time. */
async function explainPath(fromHere = false) {
  if (paused) { say('The game is paused.'); return; }
  if (fromHere) {
    // A path from a wrong position would teach wrong steps: say where first.
    if (!solution) { say('This puzzle has no single solution to explain.'); return; }
    const squares = [...Array(81).keys()];
    const wrong = squares.filter((s) => game.values[s] && game.values[s] !== Number(solution[s]));
    const misses = squares.filter((s) => !game.values[s] && game.notes[s] &&
      !(game.notes[s] & bit(Number(solution[s]))));
    if (wrong.length || misses.length) {
      say(`No explanation from here: ${[...wrong, ...misses].map(name).join(', ')} ` +
        `${wrong.length ? 'wrong' : 'marks leave out the right digit'} (Check marks them).`);
      return;
    }
  }
  say('Working out the path...');
  const g = game;
  const before = line(game.values) + game.notes.join();
  const by = rules();
  const answer = await heavy(fromHere ? requestOf('explain', { rules: by })
    : { op: 'explain', puzzle: game.puzzle, rules: by });
  // The player went on meanwhile: this path is not for the board any more.
  if (game !== g || line(game.values) + game.notes.join() !== before || paused) { say('The explanation was dropped: the game changed.'); return; }
  if (!answer.ok) { say(`No explanation: ${answer.error.what}`); return; }
  const boards = [fromHere ? [...game.values] : [...game.puzzle].map((c) => (c === '.' ? 0 : Number(c)))];
  const start = fromHere ? request('candidates')
    : call({ op: 'candidates', puzzle: game.puzzle, values: game.puzzle });
  if (!start.ok) { say(`No explanation: ${start.error.what}`); return; }
  const marks = [start.marks];
  for (const step of answer.steps) {
    const next = [...boards[boards.length - 1]];
    const m = [...marks[marks.length - 1]];
    for (const p of step.placements) {
      const s = squareIndex(p.square);
      next[s] = p.digit;
      m[s] = bit(p.digit);
      for (const t of peers(s)) if (!next[t]) m[t] &= ~bit(p.digit);
    }
    for (const e of step.eliminations) m[squareIndex(e.square)] &= ~bit(e.digit);
    boards.push(next);
    marks.push(m);
  }
  path = { steps: answer.steps, boards, marks, k: 0, fromHere };
  const r = answer.rating;
  const rated = by === 'hodoku' ? `by HoDoKu's rules, ${hodokuText(r)}` : `ER ${r.er}, EP ${r.ep}, ED ${r.ed}`;
  // Where HoDoKu's path stops short, SE's steps go on from there.
  const fallback = answer.se_from === null || answer.se_from === undefined ? ''
    : `; from step ${answer.se_from + 1}: ${answer.note}`;
  $('path-summary').textContent = `${answer.steps.length} steps${fromHere ? ' from your position' : ''} ` +
    `${rated}${fallback}` +
    (answer.complete ? '.' : '; no rule finishes it from there.');
  const list = $('path-steps');
  // Each step is a button that goes to it (and makes the list reachable by
  // keyboard when it scrolls).
  list.replaceChildren(...answer.steps.map((step, i) => {
    const item = document.createElement('li');
    const go = document.createElement('button');
    go.type = 'button';
    go.className = 'step';
    go.textContent = step.rules === 'se' ? `SE: ${step.text}` : step.text;
    go.addEventListener('click', () => showStep(i + 1));
    item.append(go);
    return item;
  }));
  $('path').hidden = false;
  showStep(0);
}

/** Puts the board of the explanation after `k` steps on screen. */
function showStep(k) {
  if (!path) return;
  path.k = Math.max(0, Math.min(k, path.steps.length));
  marked = { area: [], focus: [], eliminated: [] };
  const items = $('path-steps').children;
  [...items].forEach((item, i) => item.classList.toggle('current', i === path.k - 1));
  if (path.k > 0) {
    const step = path.steps[path.k - 1];
    marked.area = (step.evidence?.units ?? []).flatMap(unitSquares);
    marked.focus = step.placements.map((p) => squareIndex(p.square));
    marked.eliminated = step.eliminations.map((e) => ({ s: squareIndex(e.square), d: e.digit }));
    // The list scrolls to the step, the page does not (on a phone it would
    // take the board off screen).
    const item = items[path.k - 1];
    const list = $('path-steps');
    const [box, at] = [list.getBoundingClientRect(), item.getBoundingClientRect()];
    if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - (box.height - at.height) / 2;
    say(`Step ${path.k} of ${path.steps.length}: ${step.text}`);
  } else {
    say(`${path.fromHere ? 'Your position' : 'The givens'}; ${path.steps.length} steps follow.`);
  }
  render();
  const ev = path.k > 0 ? path.steps[path.k - 1].evidence : null;
  drawChain(ev?.chain ?? [], ev?.chain_squares ?? []);
}

/** Where candidate `d` of square `s` sits, in the arrow layer's units. */
function spot(s, d) {
  const cell = $('board').querySelectorAll('[role=gridcell]')[s].getBoundingClientRect();
  const layer = $('arrows').getBoundingClientRect();
  const [col, row] = [(d - 1) % 3, Math.floor((d - 1) / 3)];
  return [cell.left - layer.left + ((col + 0.5) * cell.width) / 3,
    cell.top - layer.top + ((row + 0.5) * cell.height) / 3];
}

/** Draws a chain's links over the board: a dot on each candidate (filled
 *  when the link turns it on, hollow when off) and an arrow from each link
 *  to the next, solid into an "on", dashed into an "off". Each branch starts
 *  again from its assumption. Where `groups[i]` names several squares (a
 *  group or an almost locked set), link i has a dot in each, joined by a
 *  thin line. */
function drawChain(links, groups = []) {
  const svg = $('arrows');
  const ns = 'http://www.w3.org/2000/svg';
  const make = (tag, attrs) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  svg.replaceChildren();
  if (!links.length) return;
  const defs = make('defs', {});
  const marker = make('marker', { id: 'head', viewBox: '0 0 10 10', refX: '9', refY: '5',
    markerWidth: '6', markerHeight: '6', orient: 'auto-start-reverse' });
  marker.append(make('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#b0306a' }));
  defs.append(marker);
  svg.append(defs);
  const id = (l) => `${l.square}${l.on ? '=' : '<>'}${l.digit}`;
  links.forEach((link, i) => {
    const [x, y] = spot(squareIndex(link.square), link.digit);
    svg.append(make('circle', { cx: x, cy: y, r: 4, class: link.on ? 'on' : 'off', 'data-link': id(link) }));
    for (const other of (groups[i] ?? []).slice(1)) {
      const [gx, gy] = spot(squareIndex(other), link.digit);
      svg.append(make('line', { x1: x, y1: y, x2: gx, y2: gy, class: 'group' }));
      svg.append(make('circle', { cx: gx, cy: gy, r: 4, class: link.on ? 'on' : 'off',
        'data-link': id(link), 'data-group': other }));
    }
    if (i === 0 || link.reason === 'assumption') return;
    const from = links[i - 1];
    const [x0, y0] = spot(squareIndex(from.square), from.digit);
    // Stop short of the dot, so the head shows.
    const len = Math.hypot(x - x0, y - y0) || 1;
    const [ex, ey] = [x - ((x - x0) * 5) / len, y - ((y - y0) * 5) / len];
    svg.append(make('line', { x1: x0, y1: y0, x2: ex, y2: ey, class: link.on ? 'on' : 'off',
      'marker-end': 'url(#head)', 'data-from': id(from), 'data-to': id(link) }));
  });
}

function closePath() {
  if (!path) return;
  path = null;
  $('path').hidden = true;
  drawChain([]);
  marked = { area: [], focus: [], eliminated: [] };
  render();
}

const RULES = {
  given: 'a given', peer_has_digit: 'a peer holds it', only_place: 'the only place in a unit',
  naked_twins: 'naked twins', guess: 'a guess', backtrack: 'a failed guess undone',
};

/** Starts a replay of the chosen engine's search on the puzzle. */
async function startReplay() {
  if (paused) { say('The game is paused.'); return; }
  stopReplay();
  closePath();
  const engine = $('engine').value;
  const g = game;
  const answer = await heavy({ op: 'trace', puzzle: game.puzzle, engine });
  if (game !== g || paused) return;
  if (!answer.ok) { say(`No replay: ${answer.error.what}`); return; }
  const masks = [...game.puzzle].map((c) => (c === '.' ? 0x3fe : bit(Number(c))));
  replay = { steps: answer.steps, k: 0, masks, undone: [], timer: null };
  $('replay-controls').hidden = false;
  say(`${engine}: ${answer.steps.length} steps, ${answer.guesses} guesses, ` +
    `${answer.backtracks} backtracks. Press Play or Step.`);
  render();
}

/** One step of the replay forwards. */
function replayStep() {
  if (!replay) return;
  if (replay.k >= replay.steps.length) { playReplay(false); return; }
  const step = replay.steps[replay.k];
  const s = squareIndex(step.square);
  replay.undone.push(replay.masks[s]);
  replay.masks[s] = step.candidates;
  replay.k += 1;
  marked = { area: [], focus: [s], eliminated: [] };
  const what = step.action === 'restore' ? 'restored'
    : `${step.action === 'assign' ? 'gets' : 'loses'} ${step.digit}`;
  say(`Step ${replay.k} of ${replay.steps.length} (depth ${step.depth}): ` +
    `${step.square} ${what}, by ${RULES[step.rule] ?? step.rule}.`);
  render();
}

/** One step of the replay backwards: the square as it was before it. */
function replayBack() {
  if (!replay) return;
  playReplay(false);
  if (replay.k === 0) { say('The replay is at its start: the givens.'); return; }
  replay.k -= 1;
  const s = squareIndex(replay.steps[replay.k].square);
  replay.masks[s] = replay.undone.pop();
  marked = { area: [], focus: [s], eliminated: [] };
  say(`Back to step ${replay.k} of ${replay.steps.length}: ${replay.steps[replay.k].square} as it was.`);
  render();
}

/** Plays (or pauses) the replay at the chosen speed, in steps a second. */
function playReplay(on = !replay?.timer) {
  if (!replay) return;
  clearInterval(replay.timer);
  replay.timer = on ? setInterval(replayStep, 1000 / Number($('speed').value)) : null;
  $('play').textContent = on ? 'Pause replay' : 'Play';
}

function stopReplay() {
  if (!replay) return;
  clearInterval(replay.timer);
  replay = null;
  $('replay-controls').hidden = true;
  $('play').textContent = 'Play';
  marked = { area: [], focus: [], eliminated: [] };
  render();
}

async function main() {
  call = await loadSudokit(new URL('sudokit.wasm', import.meta.url));
  startWorker();
  build();
  $('keys-open').addEventListener('click', () => $('keys').showModal());
  $('tools-open').addEventListener('click', () => {
    const open = $('tools').hidden;
    $('tools').hidden = !open;
    $('tools-open').setAttribute('aria-expanded', String(open));
  });
  $('theme').addEventListener('click', () => {
    const theme = dark() ? 'light' : 'dark';
    document.documentElement.dataset.theme = theme;
    localStorage.setItem('sudokit.theme', theme);
    showTheme();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', showTheme);
  showTheme();
  $('keys-close').addEventListener('click', () => $('keys').close());
  $('fill').addEventListener('click', fill);
  $('undo').addEventListener('click', () => undo(game.undo, game.redo));
  $('redo').addEventListener('click', () => undo(game.redo, game.undo));
  $('check').addEventListener('click', check);
  $('hint').addEventListener('click', hint);
  const chosen = load(RULES_KEY);
  if (['hodoku', 'se'].includes(chosen)) $('rules').value = chosen;
  $('rules').addEventListener('change', () => {
    localStorage.setItem(RULES_KEY, JSON.stringify(rules()));
    hintPresses = 0;
    say(`Hints and explanations now follow ${rules() === 'se' ? 'Sudoku Explainer\'s' : 'HoDoKu\'s'} rules.`);
  });
  $('apply').addEventListener('click', apply);
  $('new').addEventListener('click', newPuzzle);
  $('import').addEventListener('click', () => importText($('import-text').value.trim()));
  $('share').addEventListener('click', share);
  $('pause').addEventListener('click', pause);
  $('explain').addEventListener('click', () => explainPath(false));
  $('explain-here').addEventListener('click', () => explainPath(true));
  $('prev-step').addEventListener('click', () => showStep(path.k - 1));
  $('next-step').addEventListener('click', () => showStep(path.k + 1));
  $('close-path').addEventListener('click', closePath);
  setInterval(tick, 1000);
  $('replay').addEventListener('click', startReplay);
  $('play').addEventListener('click', () => playReplay());
  $('step').addEventListener('click', replayStep);
  $('step-back').addEventListener('click', replayBack);
  // The arrows are drawn in pixels: draw them again when the board moves.
  window.addEventListener('resize', () => {
    if (path?.k > 0) {
      const ev = path.steps[path.k - 1].evidence;
      drawChain(ev?.chain ?? [], ev?.chain_squares ?? []);
    } else if (hintChain.length) drawChain(hintChain, hintGroups);
  });
  $('export').addEventListener('click', exportState);
  $('stop-replay').addEventListener('click', stopReplay);
  $('speed').addEventListener('input', () => { if (replay?.timer) playReplay(true); });
  $('history-open').addEventListener('click', showHistory);
  $('daily').addEventListener('click', dailyPuzzle);
  $('stats-open').addEventListener('click', showStats);
  $('stats-close').addEventListener('click', () => $('stats').close());
  $('history-close').addEventListener('click', () => $('history').close());
  // Another tab's move: take it, so that this tab's next save keeps it.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORE || !event.newValue) return;
    const other = JSON.parse(event.newValue);
    if (other.puzzle !== game.puzzle) {
      const solved = call({ op: 'solve', puzzle: other.puzzle });
      solution = solved.ok ? solved.solution : null;
      closePath();
      stopReplay();
    }
    game = normal(other);
    render();
  });
  const shared = new URLSearchParams(location.search).get('p');
  const stored = load(STORE);
  if (stored?.puzzle && Array.isArray(stored.values) && Array.isArray(stored.notes)) {
    game = normal(stored);
    const solved = call({ op: 'solve', puzzle: game.puzzle });
    if (solved.ok) solution = solved.solution;
    render();
    rateMissing();
    say('Welcome back: your game is as you left it.');
  } else {
    start(FIRST);
    say('Pick a square and type a digit, or ask for a hint.');
  }
  const opening = shared === null ? null : openShared(shared);
  // Offline after one visit: the service worker keeps the page and the
  // WebAssembly (where the browser has service workers).
  navigator.serviceWorker?.register('sw.js').catch(() => {});
  document.body.dataset.ready = 'true';
  for (const kind of ['keydown', 'pointerdown']) {
    document.addEventListener(kind, () => { lastInput = performance.now(); }, { capture: true, passive: true });
  }
  warmUp();
  await opening;
}

main().catch((e) => say(`The page could not start: ${e}`));
