// The Puzzles page (/puzzles, GitHub issue 38), against the shipped set (puzzles/set.json) and
// the engine CLI:
// - rated practice from a deep link (?puzzle=ID): the position and its legal cards are the
//   CLI's; a wrong card is judged at once, the line viewer plays its refutation (its rest from
//   a worker), the worker's proof of every card equals `ulti solve --all-cards`; the player's
//   and the puzzle's ratings move and stay after a reload; the next puzzle is near the rating;
// - the daily puzzle is the same for two visitors on one date, and remembered once answered;
// - the rush: three minutes on the clock, each right answer raises the difficulty, three
//   mistakes end it (its clock then shows the time it took); the time ends another; "Show" in
//   its summary plays the answer's line;
// - a refutation marks the trick that decides it (the engine's exact search: after it nothing
//   anyone plays changes the verdict) and says why in one line (8762f3a6); the trick label
//   names the trick on the table; the score shows the talon's cards and a 40-100's announced
//   40;
// - the keyboard picks a card (1–9) and steps the line (←/→); the header links the page;
// - both languages, a 375 px phone (no sideways scroll, targets of at least 40 px), axe clean,
//   with screenshots at 1280 and 375 px in Hungarian and English (target/e2e/puzzles-*.png).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, TIMEOUT, baseUrl, browserPerFile, cli, decodeDeal, pageProblems, screenshot, startProxy, withPage } from './helpers.mjs';
import { assertAccessible } from './a11y.mjs';

const browser = browserPerFile();

/** The shipped set, by id. */
const SET = new Map(
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'puzzles', 'set.json'), 'utf8')).map((p) => [p.id, p]),
);
const ALL = [...SET.values()];

/** A puzzle of the set for a test: the first that `pred` accepts. */
function puzzleWhere(pred) {
  const p = ALL.find(pred);
  assert.ok(p, 'a puzzle for the test');
  return p;
}

/** Opens /puzzles?QUERY as the app's own navigation does (no 404.html round trip), with an
 * empty browser storage unless `clear` is false. */
async function openPuzzles(page, query, { clear = true } = {}) {
  await page.goto(baseUrl());
  if (clear) await page.evaluate(() => localStorage.clear());
  await page.evaluate((q) => {
    history.pushState(null, '', `puzzles${q ? `?${q}` : ''}`);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, query);
  await page.waitForSelector('[data-testid=puzzles-page][data-ready=true]', { timeout: TIMEOUT.solve });
}

/** The puzzle shown: its id, the legal cards offered, whether it is answered. */
async function shown(page) {
  await page.waitForSelector('[data-testid=puzzle]');
  return page.$eval('[data-testid=puzzle]', (e) => ({
    id: e.dataset.id,
    seat: Number(e.dataset.seat),
    difficulty: Number(e.dataset.difficulty),
    answered: e.dataset.answered === 'true',
    cards: [...e.querySelectorAll('[data-testid=puzzle-card]')].map((c) => c.dataset.card),
  }));
}

/** `ulti solve --all-cards --json` for a puzzle record: its verdict sign and each card's. */
function solveAll(p) {
  const flags = p.rules ? p.rules.split(',').map((r) => `--${r}`) : [];
  const v = cli('solve', '--deal', p.deal, '--contract', p.contract, '--played', p.played, '--all-cards', '--json', ...flags);
  const sign = (wins, payoff) => (payoff === null || payoff === undefined ? (wins ? 1 : -1) : Math.sign(payoff));
  const verdict = sign(v.soloist_wins, v.payoff);
  return {
    verdict,
    keeps: Object.fromEntries(v.cards.map((c) => [c.card, sign(c.soloist_wins, c.payoff) === verdict])),
  };
}

/** A wrong card of a puzzle record. */
const wrongCard = (p) => Object.keys(p.refutations)[0];
/** A right card of a puzzle record. */
const rightCard = (p) => p.answer.split(',')[0];

/** The viewer's state. */
async function viewer(page) {
  return page.$eval('[data-testid=puzzle-viewer]', (e) => ({
    ready: e.dataset.ready === 'true',
    step: Number(e.dataset.step),
    len: Number(e.dataset.len),
    playing: e.dataset.playing === 'true',
  }));
}

/** Every element of `selector` is at least 40 × 40 px (a finger's target). */
async function assertTargets(page, selector, what) {
  const small = await page.$$eval(selector, (els) =>
    els
      .filter((e) => e.offsetParent !== null)
      .map((e) => ({ what: e.dataset.testid || e.textContent.trim().slice(0, 20), box: e.getBoundingClientRect() }))
      .filter((t) => t.box.width < 40 || t.box.height < 40)
      .map((t) => `${t.what} ${Math.round(t.box.width)}×${Math.round(t.box.height)}`),
  );
  assert.deepEqual(small, [], `${what}: targets under 40 px`);
}

/** No sideways scroll. */
async function assertNoSideScroll(page, what) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: innerWidth }));
  assert.ok(widths.doc <= widths.view, `${what}: the page is ${widths.doc} px wide in a ${widths.view} px view`);
}

test('a deep link opens a rated puzzle: a wrong card is refuted on the viewer, the worker proves every card as the CLI does, the ratings move and stay', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'puzzles rated wrong', async (page) => {
    // A defender's puzzle in the middle of the game, with equivalent right cards or not.
    const p = puzzleWhere((q) => q.seat !== 0 && q.played.split(',').length >= 6 && q.rules === '');
    const truth = solveAll(p);
    await openPuzzles(page, `puzzle=${p.id}&lang=en`);
    const s = await shown(page);
    assert.equal(s.id, p.id);
    assert.equal(s.seat, p.seat);
    assert.equal(s.answered, false);
    assert.deepEqual([...s.cards].sort(), Object.keys(truth.keeps).sort(), 'the legal cards are the CLI\'s');
    assert.match(await page.textContent('[data-testid=puzzle-goal]'), /Defender \d to play: beat the/);
    assert.equal(await page.getAttribute('[data-testid=player-rating]', 'data-rating'), '1500');
    assert.equal(await page.getAttribute('[data-testid=puzzle-rating]', 'data-rating'), String(p.difficulty));
    // The viewer shows the position: the cards played so far, the seat to move on the felt.
    const v0 = await viewer(page);
    assert.deepEqual([v0.ready, v0.step, v0.len], [true, p.played.split(',').length, p.played.split(',').length]);
    await screenshot(page, 'puzzles-rated-en');
    await assertAccessible(page, 'a rated puzzle');
    assert.ok(new URL(page.url()).searchParams.get('puzzle') === p.id, 'the link names the puzzle');

    // A wrong card: the verdict at once, with the right card named.
    const wrong = wrongCard(p);
    assert.equal(truth.keeps[wrong], false, 'the CLI says the card is wrong too');
    await page.click(`[data-testid=puzzle-card][data-card=${wrong}]`);
    await page.waitForSelector('[data-testid=puzzle-verdict][data-result=wrong]', { timeout: 2000 });
    assert.match(await page.textContent('[data-testid=puzzle-verdict]'), /Wrong.*The right card/);
    // The viewer plays the refutation from the puzzle's position; a worker solves its rest to
    // the end of play.
    await page.waitForFunction(() => {
      const e = document.querySelector('[data-testid=puzzle-viewer]');
      return e && Number(e.dataset.len) === 30;
    }, null, { timeout: TIMEOUT.solve });
    const start = p.played.split(',').length;
    await page.waitForFunction((s) => Number(document.querySelector('[data-testid=puzzle-viewer]').dataset.step) > s + 1, start);
    const history = await page.$$eval('[data-testid=puzzle-viewer] [data-testid=history-card]', (els) => els.map((e) => e.dataset.card));
    assert.equal(history[start], wrong, 'the line goes on with the card chosen');
    const refutation = p.refutations[wrong] ? p.refutations[wrong].split(',') : [];
    assert.deepEqual(history.slice(start + 1, start + 1 + refutation.length), refutation.slice(0, history.length - start - 1), 'then its refutation');
    // The worker's proof of every legal card is the CLI's.
    await page.waitForSelector('[data-testid=puzzle-proof][data-ready=true]', { timeout: TIMEOUT.solve });
    const proof = Object.fromEntries(
      await page.$$eval('[data-testid=proof-card]', (els) => els.map((e) => [e.dataset.card, e.dataset.keeps === 'true'])),
    );
    assert.deepEqual(proof, truth.keeps, 'the worker\'s proof is `ulti solve --all-cards`');
    // The ratings: the player down, the puzzle up.
    const change = await page.$eval('[data-testid=rating-change]', (e) => [Number(e.dataset.before), Number(e.dataset.after)]);
    assert.ok(change[1] < change[0], `a miss lowers the rating: ${change}`);
    assert.ok(Number(await page.getAttribute('[data-testid=puzzle-rating]', 'data-rating')) > p.difficulty);
    await screenshot(page, 'puzzles-rated-wrong-en');
    await assertAccessible(page, 'a wrong answer');

    // The solver's line instead: it starts with a right card and goes to the end.
    await page.click('[data-testid=show-solver-line]');
    await page.waitForFunction((s) => {
      const cards = [...document.querySelectorAll('[data-testid=puzzle-viewer] [data-testid=history-card]')];
      return cards.length > s && document.querySelector('[data-testid=puzzle-viewer]').dataset.len === '30';
    }, start);
    const line = await page.$$eval('[data-testid=puzzle-viewer] [data-testid=history-card]', (els) => els.map((e) => e.dataset.card));
    assert.ok(p.answer.split(',').includes(line[start]), `the solver's line plays a right card: ${line[start]}`);

    // A reload keeps the rating; the next puzzle is another one, near it.
    const rating = Number(await page.getAttribute('[data-testid=player-rating]', 'data-rating'));
    await openPuzzles(page, `puzzle=${p.id}&lang=en`, { clear: false });
    assert.equal(Number(await page.getAttribute('[data-testid=player-rating]', 'data-rating')), rating);
    assert.match(await page.textContent('[data-testid=rated-played]'), /: 1$/);
    // Rated once: after the reload the puzzle shows as answered, with its wrong result; a
    // second answer (if a card can still be clicked) moves neither the rating nor the count.
    await page.waitForSelector('[data-testid=puzzle-verdict][data-result=wrong]', { timeout: 2000 });
    assert.equal((await shown(page)).answered, true);
    const again = await page.$(`[data-testid=puzzle-card][data-card=${rightCard(p)}]`);
    if (again && (await again.isEnabled())) await again.click();
    assert.equal(await page.getAttribute('[data-testid=puzzle-verdict]', 'data-result'), 'wrong');
    assert.equal(Number(await page.getAttribute('[data-testid=player-rating]', 'data-rating')), rating);
    assert.match(await page.textContent('[data-testid=rated-played]'), /: 1$/);
    await page.click('[data-testid=puzzle-next]');
    const next = await shown(page);
    assert.notEqual(next.id, p.id);
    assert.equal(next.answered, false);
    assert.equal(new URL(page.url()).searchParams.get('puzzle'), next.id);
    const now = Number(await page.getAttribute('[data-testid=player-rating]', 'data-rating'));
    const gap = Math.abs(next.difficulty - now);
    const nearest = Math.min(...ALL.filter((q) => q.id !== p.id).map((q) => Math.abs(q.difficulty - now)));
    assert.ok(gap <= nearest + 60, `the next puzzle (${next.difficulty}) is near the rating ${now}`);
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('a compound verdict names its parts and the payoff as ulti solve does (99ad5968, the Nine of Acorns)', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'puzzles compound verdict', async (page) => {
    const p = SET.get('99ad5968');
    assert.ok(p, 'the puzzle is in the set');
    // What the CLI says after the card: the 40-100 lost, the ulti made, +0.
    const flags = p.rules ? p.rules.split(',').map((r) => `--${r}`) : [];
    const played = [p.played, 'M9'].filter(Boolean).join(',');
    const v = cli('solve', '--deal', p.deal, '--contract', p.contract, '--played', played, '--json', ...flags);
    const parts = v.components.map((c) => `${c.contract} ${c.won ? '✔' : '✘'} ${c.payoff >= 0 ? '+' : ''}${c.payoff}`);
    const score = `${v.payoff >= 0 ? '+' : ''}${v.payoff} (${parts.join(', ')})`;
    for (const lang of ['en', 'hu']) {
      await page.setViewportSize({ width: 375, height: 800 });
      await openPuzzles(page, `puzzle=${p.id}&lang=${lang}`);
      // First visit: how puzzles work, open, with the guide's chapter linked.
      assert.equal(await page.$eval('[data-testid=puzzle-intro]', (e) => e.open), true);
      assert.match(await page.getAttribute('[data-testid=puzzle-guide-link]', 'href'), /\/guide\/puzzles\.html$/);
      await screenshot(page, `puzzles-first-visit-${lang}`);
      await page.click('[data-testid=puzzle-card][data-card=M9]');
      await page.waitForFunction(
        (want) => document.querySelector('[data-testid=puzzle-verdict]')?.textContent.includes(want),
        score,
        { timeout: TIMEOUT.solve },
      );
      const text = await page.textContent('[data-testid=puzzle-verdict]');
      if (lang === 'en') {
        assert.match(text, /beats the 40-100, lets the ulti through/);
        assert.doesNotMatch(text, /soloist makes the 40-100 ulti/);
      }
      await screenshot(page, `puzzles-wrong-compound-${lang}`);
      // Answered once: the explanation stays folded on the next visit.
      await openPuzzles(page, `lang=${lang}`, { clear: false });
      assert.equal(await page.$eval('[data-testid=puzzle-intro]', (e) => e.open), false);
    }
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('a refutation marks the trick that decides it and says why (8762f3a6); the trick label names the trick on the table; the talon\'s cards are shown', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'puzzles turning', async (page) => {
    const p = SET.get('8762f3a6');
    assert.ok(p, 'the puzzle is in the set');
    const talon = decodeDeal(p.deal).talon.slice().sort();
    for (const lang of ['en', 'hu']) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await openPuzzles(page, `puzzle=${p.id}&lang=${lang}`);
        // 15 cards played: the table holds trick 5, taken (the puzzle's card goes to trick 6).
        assert.equal(await page.getAttribute('[data-testid=puzzle-trick]', 'data-trick'), '5');
        assert.match(await page.textContent('[data-testid=puzzle-trick]'), lang === 'en' ? /^Trick 5 \(taken\)$/ : /^5\. ütés \(elvitték\)$/);
        // The Under of Piros: the ulti is lost. Defender 2's trump Nine in trick 7 decides it
        // (the soloist must take it with the Ace; nothing saves the Seven after that); it
        // shows in trick 9, where the Seven falls.
        await page.click('[data-testid=puzzle-card][data-card=PU]');
        await page.waitForSelector('[data-testid=puzzle-turning]', { timeout: TIMEOUT.solve });
        const t = await page.$eval('[data-testid=puzzle-turning]', (e) => ({ trick: e.dataset.trick, shows: e.dataset.shows, text: e.textContent }));
        assert.equal(t.trick, '7');
        assert.equal(t.shows, '9');
        if (lang === 'en') {
          assert.match(t.text, /^Trick 7 decides it: Defender 2 plays the .+\. From then on the ulti is lost whatever anyone plays\. It shows in trick 9 \(Soloist: .+\)\.\s*Show trick 7$/);
        } else {
          assert.match(t.text, /^A 7\. ütés dönt: .+ Innentől elbukik az ulti, bárhogy játszanak\. A 9\. ütésben látszik meg/);
        }
        // The line is the refutation: the card chosen, then the solver's to the end.
        await page.waitForFunction(() => document.querySelector('[data-testid=puzzle-viewer]')?.dataset.len === '30');
        await page.click('[data-testid=step-end]');
        const marks = await page.evaluate(() => ({
          decides: [...document.querySelectorAll('[data-testid=history-trick][data-turning=true]')].map((e) => e.dataset.trick),
          shows: [...document.querySelectorAll('[data-testid=history-trick][data-shows=true]')].map((e) => e.dataset.trick),
          jump: [...document.querySelectorAll('[data-testid=trick-jump][data-turning=true]')].map((e) => e.dataset.trick),
          tag: document.querySelector('[data-testid=history-trick][data-turning=true] [data-testid=turning-tag]')?.textContent,
          cards: [...document.querySelectorAll('[data-testid=history-card]')].map((e) => e.dataset.card),
        }));
        assert.deepEqual(marks.decides, ['7']);
        assert.deepEqual(marks.shows, ['9']);
        assert.deepEqual(marks.jump, ['7']);
        assert.ok(marks.tag, 'the marked trick says it decides');
        assert.equal(marks.cards[15], 'PU', 'the card chosen opens the line shown');
        // "Show trick 7" puts the viewer at the end of trick 7.
        await page.click('[data-testid=turning-go]');
        await page.waitForFunction(() => document.querySelector('[data-testid=puzzle-viewer]')?.dataset.step === '21');
        assert.equal(await page.getAttribute('[data-testid=puzzle-trick]', 'data-trick'), '7');
        // The talon: its two cards, named, beside its points.
        assert.deepEqual((await page.getAttribute('[data-testid=score]', 'data-talon')).split(',').sort(), talon);
        assert.match(await page.textContent('[data-testid=score] .talon-note'), /talon \(.+, .+\)/);
        await screenshot(page, `puzzles-refutation-${lang}-${width}`);
        if (width === 375) {
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          assert.equal(sideways, false, 'no sideways scroll at 375 px');
        }
      }
    }
    await assertAccessible(page, 'a refutation with its turning trick');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('a 40-100\'s score line counts the announced 40 (99ad5968)', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'puzzles 40-100 score', async (page) => {
    const p = SET.get('99ad5968');
    await openPuzzles(page, `puzzle=${p.id}&lang=en`);
    await page.click(`[data-testid=puzzle-card][data-card=${rightCard(p)}]`);
    await page.waitForSelector('[data-testid=puzzle-viewer][data-ready=true]');
    await page.click('[data-testid=step-end]');
    const score = await page.$eval('[data-testid=score]', (e) => ({
      points: Number(e.dataset.soloistPoints),
      announced: Number(e.dataset.soloistAnnounced),
      text: e.querySelector('.side.soloist').textContent.replace(/\s+/g, ' '),
    }));
    assert.equal(score.announced, 40);
    assert.ok(score.text.includes(`${score.points} + 40 announced = ${score.points + 40}`), score.text);
  }),
);

test('a shared link loads from the static host itself: /puzzles?puzzle=ID is the app (its 404.html), not a folder', { timeout: TIMEOUT.solve }, () =>
  withPage(browser.context, 'puzzles shared link', async (page) => {
    // A folder named puzzles/ beside the app would take this address: the host redirects it
    // to puzzles/ and lists the folder (or 404s), so the set is served from data/puzzles/.
    const p = puzzleWhere((q) => q.seat === 0 && q.rules !== '');
    const response = await page.goto(`${baseUrl()}puzzles?puzzle=${p.id}&lang=en`);
    assert.equal(new URL(page.url()).pathname, `${new URL(baseUrl()).pathname}puzzles`, 'no redirect');
    assert.equal(response.status(), 404, 'the host answers with the app\'s 404.html, as GitHub Pages does');
    await page.waitForSelector('[data-testid=puzzles-page][data-ready=true]', { timeout: TIMEOUT.solve });
    assert.equal((await shown(page)).id, p.id);
  }),
);

test('the daily puzzle is the same for everyone on a date and is remembered once answered', { timeout: 2 * TIMEOUT.solve }, async () => {
  const ids = [];
  for (const visitor of [1, 2]) {
    await withPage(browser.context, `puzzles daily ${visitor}`, async (page) => {
      await page.clock.install({ time: new Date('2026-12-24T09:30:00') });
      await openPuzzles(page, 'mode=daily&lang=hu');
      assert.equal(await page.getAttribute('[data-testid=daily-panel]', 'data-date'), '2026-12-24');
      ids.push((await shown(page)).id);
    });
  }
  assert.equal(ids[0], ids[1], 'two visitors on one date get one puzzle');
  const p = SET.get(ids[0]);
  assert.ok(p.difficulty >= 1200 && p.difficulty < 1800, `a medium or hard puzzle: ${p.difficulty}`);
  await withPage(browser.context, 'puzzles daily answered', async (page) => {
    await page.clock.install({ time: new Date('2026-12-24T20:00:00') });
    await openPuzzles(page, 'mode=daily&lang=hu');
    assert.equal((await shown(page)).id, p.id, 'the same all day');
    await screenshot(page, 'puzzles-daily-hu');
    await assertAccessible(page, 'the daily puzzle');
    await page.click(`[data-testid=puzzle-card][data-card=${rightCard(p)}]`);
    await page.waitForSelector('[data-testid=puzzle-verdict][data-result=right]', { timeout: 2000 });
    assert.match(await page.textContent('[data-testid=puzzle-verdict]'), /Jó/);
    assert.equal(await page.getAttribute('[data-testid=daily-status]', 'data-result'), 'right');
    // Back later the same day: the answer is shown again, not asked again.
    await openPuzzles(page, 'mode=daily&lang=hu', { clear: false });
    assert.equal((await shown(page)).answered, true);
    assert.equal(await page.getAttribute('[data-testid=puzzle-verdict]', 'data-result'), 'right');
    await screenshot(page, 'puzzles-daily-answered-hu');
    await assertAccessible(page, 'the daily puzzle answered');
  });
  await withPage(browser.context, 'puzzles daily next day', async (page) => {
    await page.clock.install({ time: new Date('2026-12-25T09:30:00') });
    await openPuzzles(page, 'mode=daily&lang=en', { clear: false });
    assert.equal(await page.getAttribute('[data-testid=daily-panel]', 'data-date'), '2026-12-25');
    assert.equal((await shown(page)).answered, false, 'a new day, a new puzzle to answer');
  });
});

test('a rush: three minutes, the difficulty rising with each right answer, three mistakes end it; the clock ends another', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'puzzles rush', async (page) => {
    await page.clock.install({ time: new Date('2026-12-01T10:00:00') });
    await openPuzzles(page, 'mode=rush&lang=en');
    await page.click('[data-testid=rush-start]');
    await page.waitForSelector('[data-testid=rush-timer]');
    assert.match(await page.textContent('[data-testid=rush-timer]'), /^(3:00|2:5\d)$/);
    const difficulties = [];
    for (let k = 0; k < 4; k++) {
      const s = await shown(page);
      difficulties.push(s.difficulty);
      // Drawn within half a window (75) of 800 + 60 per right answer: about 800 at first, as
      // the guide says.
      assert.ok(Math.abs(s.difficulty - (800 + 60 * k)) < 75, `puzzle ${k + 1} at ${s.difficulty}`);
      await page.click(`[data-testid=puzzle-card][data-card=${rightCard(SET.get(s.id))}]`);
      await page.waitForFunction((n) => document.querySelector('[data-testid=rush-score]')?.dataset.score === String(n), k + 1);
      await page.waitForFunction((id) => document.querySelector('[data-testid=puzzle]')?.dataset.id !== id, s.id);
    }
    assert.equal(await page.getAttribute('[data-testid=rush-last]', 'data-result'), 'right');
    assert.ok(difficulties[3] > difficulties[0], `the difficulty rises: ${difficulties}`);
    await screenshot(page, 'puzzles-rush-en');
    await assertAccessible(page, 'a rush running');
    for (let k = 0; k < 3; k++) {
      assert.equal(await page.getAttribute('[data-testid=rush-lives]', 'data-lives'), String(3 - k));
      const s = await shown(page);
      await page.click(`[data-testid=puzzle-card][data-card=${wrongCard(SET.get(s.id))}]`);
      await page.waitForFunction((id) => document.querySelector('[data-testid=puzzle]')?.dataset.id !== id, s.id);
      if (k < 2) assert.equal(await page.getAttribute('[data-testid=rush-last]', 'data-result'), 'wrong');
    }
    await page.waitForSelector('[data-testid=rush-summary][data-end=mistakes]');
    // Over on mistakes: the clock shows the time the rush took, not 0:00.
    await page.waitForSelector('[data-testid=rush-timer][data-ended=true]');
    const took = await page.textContent('[data-testid=rush-timer]');
    assert.match(took, /^[0-2]:\d\d$/);
    assert.notEqual(took, '0:00', 'the time taken');
    assert.match(await page.textContent('.rush-stats'), /Time taken/);
    assert.equal(await page.$$eval('[data-testid=rush-answer]', (e) => e.length), 7);
    assert.match(await page.textContent('[data-testid=rush-best]'), /4$/);
    await screenshot(page, 'puzzles-rush-over-en');
    await assertAccessible(page, 'a rush over');
    // A rush answer shown again: its line plays, with its proof.
    await page.click('[data-testid=rush-show] >> nth=4');
    await page.waitForSelector('[data-testid=puzzle-verdict][data-result=wrong]');
    const start = SET.get(await page.getAttribute('[data-testid=puzzle]', 'data-id')).played.split(',').filter(Boolean).length;
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid=puzzle-viewer]')?.dataset.step) > n,
      start,
      { timeout: TIMEOUT.ui },
    );

    // Another rush: the time runs out.
    await page.click('[data-testid=rush-start]');
    await page.waitForSelector('[data-testid=puzzle]');
    await page.clock.fastForward('02:00');
    assert.match(await page.textContent('[data-testid=rush-timer]'), /^(1:00|0:5\d)$/);
    await page.clock.fastForward('01:01');
    await page.waitForSelector('[data-testid=rush-summary][data-end=time]');
    assert.equal(await page.$('[data-testid=puzzle]'), null, 'no puzzle after the time');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('the keyboard picks a card and steps the line; the header links the page', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'puzzles keyboard', async (page) => {
    const p = puzzleWhere((q) => q.seat === 0 && q.rules !== '');
    await openPuzzles(page, `puzzle=${p.id}&lang=en`);
    assert.ok(await page.isVisible('[data-testid=puzzle-rules]'), 'the house rules are named');
    const cards = (await shown(page)).cards;
    const n = cards.indexOf(rightCard(p)) + 1;
    await page.keyboard.press(String(n));
    await page.waitForSelector('[data-testid=puzzle-verdict][data-result=right]', { timeout: 2000 });
    await page.click('[data-testid=play-pause]');
    const at = (await viewer(page)).step;
    await page.keyboard.press('ArrowRight');
    assert.equal((await viewer(page)).step, at + 1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await viewer(page)).step, at - 1);
    // Tab reaches the cards and Enter answers (a fresh puzzle).
    await page.click('[data-testid=puzzle-next]');
    await page.waitForSelector('[data-testid=puzzle][data-answered=false]');
    await page.focus('[data-testid=puzzle-card] >> nth=0');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=puzzle-verdict]', { timeout: 2000 });
    // The header's link, from another page.
    await page.goto(baseUrl());
    await page.click('[data-testid=nav-puzzles]');
    await page.waitForSelector('[data-testid=puzzles-page][data-ready=true]', { timeout: TIMEOUT.solve });
    assert.equal(await page.getAttribute('[data-testid=nav-puzzles]', 'aria-current'), 'page');
  }),
);

for (const lang of ['en', 'hu']) {
  test(`a 375 px phone (${lang}): no sideways scroll, targets of 40 px, axe clean`, { timeout: 2 * TIMEOUT.solve }, () =>
    withPage(browser.context, `puzzles phone ${lang}`, async (page) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const p = puzzleWhere((q) => q.played.split(',').length < 3 && q.seat === 0);
      await openPuzzles(page, `puzzle=${p.id}&lang=${lang}`);
      await assertNoSideScroll(page, 'the puzzle');
      await assertTargets(page, '[data-testid=puzzle-card], .puzzle-modes button, [data-testid=puzzle-viewer] .controls button, [data-testid=puzzle-viewer] .trick-jumps button', 'the puzzle');
      await screenshot(page, `puzzles-phone-${lang}`);
      await assertAccessible(page, `the puzzle on a phone (${lang})`);
      await page.click(`[data-testid=puzzle-card][data-card=${wrongCard(p)}]`);
      await page.waitForSelector('[data-testid=puzzle-proof][data-ready=true]', { timeout: TIMEOUT.solve });
      await assertNoSideScroll(page, 'the solution');
      await assertTargets(page, '[data-testid=puzzle-solution] button', 'the solution');
      await screenshot(page, `puzzles-phone-solution-${lang}`);
      await assertAccessible(page, `the solution on a phone (${lang})`);
      await page.click('[data-testid=mode-rush]');
      await assertNoSideScroll(page, 'the rush');
      await assertTargets(page, '[data-testid=rush-start]', 'the rush');
      await screenshot(page, `puzzles-phone-rush-${lang}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.click('[data-testid=mode-rated]');
      await page.waitForSelector('[data-testid=puzzle]');
      await screenshot(page, `puzzles-rated-${lang}-1280`);
    }),
  );
}

test('offline once visited: the set is in the service worker\'s cache and a puzzle works without a network', { timeout: 3 * TIMEOUT.solve }, async () => {
  // Release builds only register the service worker (src/offline.rs): scripts/test.sh runs
  // these tests against one.
  const proxy = await startProxy(baseUrl());
  try {
    await withPage(browser.context, 'puzzles offline', async (page) => {
      await page.goto(`${proxy.base}puzzles?lang=en`);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: TIMEOUT.solve });
      const cached = await page.evaluate(async () => {
        const files = [];
        for (const name of await caches.keys()) {
          for (const r of await (await caches.open(name)).keys()) files.push(new URL(r.url).pathname);
        }
        return files;
      });
      const setPath = `${new URL(proxy.base).pathname}data/puzzles/set.json`;
      assert.ok(cached.includes(setPath), `${setPath} is cached: ${cached.join(' ')}`);
      proxy.goOffline();
      await browser.context.setOffline(true);
      const p = puzzleWhere((q) => q.seat === 0 && q.played.split(',').length > 9);
      await page.goto(`${proxy.base}puzzles?puzzle=${p.id}&lang=en`);
      await page.waitForSelector('[data-testid=puzzles-page][data-ready=true]', { timeout: TIMEOUT.solve });
      assert.equal((await shown(page)).id, p.id);
      await page.click(`[data-testid=puzzle-card][data-card=${wrongCard(p)}]`);
      await page.waitForSelector('[data-testid=puzzle-proof][data-ready=true]', { timeout: TIMEOUT.solve });
      const proof = Object.fromEntries(
        await page.$$eval('[data-testid=proof-card]', (els) => els.map((e) => [e.dataset.card, e.dataset.keeps === 'true'])),
      );
      assert.deepEqual(proof, solveAll(p).keeps, 'the worker proves it offline as the CLI does');
    });
  } finally {
    await browser.context.setOffline(false);
    proxy.goOffline();
    await new Promise((resolve) => proxy.server.close(resolve));
  }
});
