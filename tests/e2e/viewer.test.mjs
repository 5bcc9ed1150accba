// The line viewer: stepping through a contract's optimal line reaches trick 10 with all 30
// cards shown, and the URL's `step=` restores the same position on reload.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './a11y.mjs';
import {
  DEALS,
  TIMEOUT,
  appUrl,
  browserPerFile,
  cli,
  decodeDeal,
  pageProblems,
  screenshot,
  waitForResults,
  withPage,
} from './helpers.mjs';

const browser = browserPerFile();

const CODE = DEALS['strong-hand'];
const GAME = 'passz';

/** The viewer's position: step, history cards, table cards, score. */
async function viewerState(page) {
  return page.evaluate(() => {
    const q = (s) => document.querySelector(`[data-testid=${s}]`);
    const all = (s) => [...document.querySelectorAll(`[data-testid=${s}]`)];
    const viewer = q('line-viewer');
    const score = q('score');
    return {
      step: viewer ? Number(viewer.dataset.step) : null,
      game: viewer ? viewer.dataset.game : null,
      history: all('history-card').map((e) => e.dataset.card),
      table: all('table-card').map((e) => e.dataset.card),
      score: score
        ? {
            soloistPoints: Number(score.dataset.soloistPoints),
            defenderPoints: Number(score.dataset.defenderPoints),
            soloistTricks: Number(score.dataset.soloistTricks),
            defenderTricks: Number(score.dataset.defenderTricks),
            talonPoints: Number(score.dataset.talonPoints ?? 0),
          }
        : null,
      urlStep: new URL(location.href).searchParams.get('step'),
      urlGame: new URL(location.href).searchParams.get('game'),
    };
  });
}

async function waitForStep(page, k) {
  await page.waitForSelector(`[data-testid=line-viewer][data-step="${k}"]`, { timeout: TIMEOUT.ui });
}

/** Opens the deal, selects the contract by clicking its result, and waits for the viewer. */
async function openLine(page) {
  await page.goto(appUrl(`deal=${CODE}`));
  await waitForResults(page);
  const result = page.locator(`[data-testid=result][data-contract="${GAME}"]`);
  const button = result.locator('[data-testid=show-line]');
  await ((await button.count()) > 0 ? button.first() : result).click();
  await page.waitForSelector(`[data-testid=line-viewer][data-game="${GAME}"]`, { timeout: TIMEOUT.solve });
  await page.waitForFunction((g) => new URL(location.href).searchParams.get('game') === g, GAME);
}

test('stepping through the line reaches trick 10 with all 30 cards', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'step-through', async (page) => {
    const dealt = decodeDeal(CODE).hands.flat();
    await openLine(page);
    await page.click('[data-testid=step-start]');
    await waitForStep(page, 0);
    let state = await viewerState(page);
    assert.deepEqual(state.history, [], 'no card played at step 0');

    for (let k = 1; k <= 30; k++) {
      await page.click('[data-testid=step-forward]');
      await waitForStep(page, k);
      state = await viewerState(page);
      assert.equal(state.history.length, k, `history cards at step ${k}`);
      assert.equal(new Set(state.history).size, k, `distinct history cards at step ${k}`);
      for (const c of state.history) assert.ok(dealt.includes(c), `${c} was not dealt`);
      if (k % 3 !== 0) {
        // Mid-trick: the table holds exactly the cards of the current trick so far.
        assert.deepEqual(
          [...state.table].sort(),
          state.history.slice(k - (k % 3)).sort(),
          `table cards at step ${k}`,
        );
      }
      if (k === 14) {
        await screenshot(page, 'trick-mid-line');
        await assertAccessible(page, 'line at step 14');
      }
    }

    assert.equal(state.step, 30);
    assert.deepEqual([...state.history].sort(), [...dealt].sort(), 'all 30 dealt cards shown');
    assert.ok(state.score, 'the score is shown');
    assert.equal(state.score.soloistTricks + state.score.defenderTricks, 10, 'ten tricks in all');
    const { soloistPoints, defenderPoints, talonPoints } = state.score;
    assert.equal(soloistPoints + defenderPoints + talonPoints, 90, `90 card points in all: ${JSON.stringify(state.score)}`);
    // The optimal line ends with the card points the soloist can force, as the CLI says.
    const cell = cli('table', '--deal', CODE, '--json').cells.find(
      (c) => c.contract === GAME && c.trump === decodeDeal(CODE).trump,
    );
    assert.equal(soloistPoints, cell.soloist_points, 'soloist points at the end of the line');
    assert.equal(state.urlStep, '30', 'the URL follows the viewer');
    // One more step forward stays at the end.
    if (await page.isEnabled('[data-testid=step-forward]')) {
      await page.click('[data-testid=step-forward]');
      assert.equal((await viewerState(page)).step, 30);
    }
    await screenshot(page, 'final-trick');

    // Trick jumps: trick 10 shows all 30 cards, trick 1 goes back to the first trick.
    await page.click('[data-testid=trick-jump][data-trick="1"]');
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid=line-viewer]');
      return v && Number(v.dataset.step) <= 3;
    });
    await page.click('[data-testid=trick-jump][data-trick="10"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=line-viewer]').dataset.step) > 27);
    await page.click('[data-testid=step-end]');
    await waitForStep(page, 30);
    assert.equal((await viewerState(page)).history.length, 30);
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('the URL step= restores the same position on reload', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'step-reload', async (page) => {
    await openLine(page);
    await page.click('[data-testid=step-end]');
    await waitForStep(page, 30);
    const end = await viewerState(page);
    assert.equal(end.urlStep, '30');

    await page.reload();
    await waitForStep(page, 30);
    const reloaded = await viewerState(page);
    assert.equal(reloaded.game, GAME);
    assert.deepEqual(reloaded.history, end.history, 'same 30 cards after reload');
    assert.deepEqual(reloaded.score, end.score, 'same score after reload');

    // A position inside a trick: step back to 14 (trick 5, two cards on the table).
    for (let k = 29; k >= 14; k--) {
      await page.click('[data-testid=step-back]');
      await waitForStep(page, k);
    }
    const mid = await viewerState(page);
    assert.equal(mid.urlStep, '14');
    assert.equal(mid.table.length, 2);

    // A fresh page from the URL alone (no history state) shows the same position.
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await waitForStep(page, 14);
    const restored = await viewerState(page);
    assert.deepEqual(restored.history, mid.history, 'same cards played');
    assert.deepEqual(restored.table, mid.table, 'same cards on the table');
    assert.deepEqual(restored.score, mid.score, 'same running score');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('playing animates the line (screenshot mid-animation)', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'play', async (page) => {
    await openLine(page);
    await page.click('[data-testid=step-start]');
    await waitForStep(page, 0);
    await page.click('[data-testid=play-pause]');
    // Wait until the animation is inside trick 2 with one card on the table, then capture it.
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid=line-viewer]').dataset.step) >= 4,
      null,
      { timeout: 60_000 },
    );
    await screenshot(page, 'trick-mid-animation', { settle: false });
    await page.click('[data-testid=play-pause]');
    const paused = (await viewerState(page)).step;
    assert.ok(paused >= 4 && paused <= 30, `paused at step ${paused}`);
    // Paused means paused: the step does not move any more.
    await page.waitForTimeout(1500);
    assert.equal((await viewerState(page)).step, paused, 'the step changed while paused');
  }),
);

// Issue 8: a line never contradicts its verdict. A won trump durchmars whose line used to lead a
// side suit before the last defender trump was drawn, and the README's great betli: replayed
// card by card to step 30, the score panel shows 10 tricks / 0 tricks for the soloist.
const WON_LINES = [
  { name: 'won-trump-durchmars', code: '2272326252437070306051511021413102234163521203036001231013317', game: 'durchmars-adu', tricks: 10 },
  { name: 'won-betli', code: DEALS['great-betli'], game: 'betli', tricks: 0 },
];

for (const { name, code, game, tricks } of WON_LINES) {
  test(`a won ${game} line keeps its verdict to step 30 (${tricks} soloist tricks)`, { timeout: 3 * TIMEOUT.solve }, () =>
    withPage(browser.context, name, async (page) => {
      const cliSolve = cli('solve', '--deal', code, '--contract', game, '--json');
      assert.equal(cliSolve.soloist_wins, true, `the CLI says ${game} is won`);
      await page.goto(appUrl(`deal=${code}&game=${game}`));
      await waitForResults(page);
      const status = await page.getAttribute(`[data-testid=result][data-contract="${game}"]`, 'data-status');
      assert.equal(status, 'wins', 'the results mark it ✔');
      await waitForStep(page, 0);
      for (let k = 1; k <= 30; k++) {
        await page.click('[data-testid=step-forward]');
        await waitForStep(page, k);
        if (k === 3) {
          // After trick 1 one side has 1 trick, the other 0: "1 trick", "0 tricks".
          const text = await page.textContent('[data-testid=score]');
          const counts = [...text.matchAll(/(\d+)\s+(tricks?)(?![a-z])/g)].map((m) => [Number(m[1]), m[2]]);
          assert.deepEqual(counts.map(([n]) => n).sort(), [0, 1], `trick counts after trick 1: ${text}`);
          for (const [n, word] of counts) assert.equal(word, n === 1 ? 'trick' : 'tricks', `"${n} ${word}" in: ${text}`);
        }
      }
      const state = await viewerState(page);
      assert.deepEqual(state.history, cliSolve.line, 'the line shown is the engine\'s');
      assert.equal(state.score.soloistTricks, tricks, `soloist tricks at step 30: ${JSON.stringify(state.score)}`);
      assert.equal(state.score.defenderTricks, 10 - tricks, 'defender tricks at step 30');
      await screenshot(page, `${name}-end`);
      assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
    }),
  );
}

// Issue 19: `game=` takes a compound bid id as `ulti bids` writes it, and the line viewer solves
// and shows the compound's own line. The strong hand with the Piros VII kept (the VIII goes to the
// talon instead): the soloist holds the trump seven and the trump marriage, so 40-100 and ulti
// are both playable. The `+` arrives percent-encoded (as the app writes it) or raw (a query
// string reads it as a space): both open the compound.
const COMPOUND_DEAL = '0070605040302002737173112323313143435151620212322242526103011';

for (const [name, value] of [['encoded', '40-100%2Bulti'], ['raw', '40-100+ulti']]) {
  test(`a compound bid's link (${name} +) shows the compound's full line`, { timeout: 3 * TIMEOUT.solve }, () =>
    withPage(browser.context, `compound-${name}`, async (page) => {
      await page.goto(appUrl(`deal=${COMPOUND_DEAL}&game=${value}&lang=en`));
      await page.waitForSelector('[data-testid=line-viewer][data-step]', { timeout: TIMEOUT.solve });
      const start = await viewerState(page);
      assert.equal(start.game, '40-100+ulti', 'the viewer shows the compound');
      assert.equal(start.urlGame, '40-100+ulti', 'the URL keeps the compound');
      const title = await page.$eval('#line-title', (e) => e.textContent);
      assert.match(title, /40-100/, `the title names 40-100: ${title}`);
      assert.match(title, /ulti/i, `the title names ulti: ${title}`);
      assert.equal(await page.$('[data-testid=url-notice]'), null, 'nothing refused');
      // The analysis table selects the compound's biggest component.
      await page.waitForSelector('[data-testid=result][data-contract="ulti"].selected', { timeout: TIMEOUT.solve });
      // A full line: 30 cards, ten tricks, 90 points.
      await page.click('[data-testid=step-end]');
      await waitForStep(page, 30);
      const end = await viewerState(page);
      assert.equal(end.history.length, 30, 'all 30 cards');
      assert.equal(new Set(end.history).size, 30, 'distinct cards');
      assert.equal(end.score.soloistTricks + end.score.defenderTricks, 10, 'ten tricks');
      assert.equal(end.score.soloistPoints + end.score.defenderPoints + end.score.talonPoints, 90);
      assert.equal(end.urlStep, '30');
      assert.equal(end.urlGame, '40-100+ulti', 'stepping keeps the compound in the URL');
      // A reload opens the same compound line at the same step.
      await page.reload();
      await waitForStep(page, 30);
      assert.deepEqual((await viewerState(page)).history, end.history, 'same line after reload');
      // Picking another contract leaves the compound.
      await page.locator('[data-testid=result][data-contract="passz"]').click();
      await page.waitForSelector('[data-testid=line-viewer][data-game="passz"]', { timeout: TIMEOUT.solve });
      await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'passz');
      assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
    }),
  );
}

test('an unknown or illegal compound gets the unknown-game notice', { timeout: TIMEOUT.solve }, () =>
  withPage(browser.context, 'compound-unknown', async (page) => {
    for (const value of ['40-100%2Bwhist', 'betli%2Bulti']) {
      await page.goto(appUrl(`deal=${COMPOUND_DEAL}&game=${value}&lang=en`));
      await page.waitForSelector('[data-testid=url-notice]');
      const notice = await page.$eval('[data-testid=url-notice]', (e) => e.textContent);
      assert.ok(notice.includes(`game=${decodeURIComponent(value)}`), `the notice names it: ${notice}`);
      await page.waitForFunction(() => !new URL(location.href).searchParams.get('game'));
    }
  }),
);
