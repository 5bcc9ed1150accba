// The Table page (issue 19): whole games against the easy computer, in both languages.
// - A deal where the user takes a hint, picks up the talon and overbids, then plays to the end;
//   the page's payments equal `ulti replay` of the exported record.
// - A three-deal evening whose totals equal the sum of the records' payments (replayed by the
//   CLI), with a reload in mid-auction that continues the same game.
// - A deal where the user defends and says kontra, the stakes shown first.
// - A passed-out deal continued from an imported record in progress (the user stands and
//   plays passz); a broken record is refused with the replay's words and changes nothing.
// - A computer decision still on its way when an import replaces the game is dropped.
// - The page stays responsive while strong computers decide in the auction.
// - The auction by keyboard alone; the 375 px phone layout with every target ≥ 40 px; axe.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { TIMEOUT, browserPerFile, openTable, pageProblems, replay, reviewDeal, screenshot, shownPayments, withPage } from './helpers.mjs';
import { assertAccessible } from './a11y.mjs';

const browser = browserPerFile();
const DEAL_MS = 180_000;

/** A record of deal 1 to import: seat 1, the forehand, holds the talon after `actions`
 * (e.g. it opened passz and both others passed). */
function importRecord(actions) {
  const hands = [
    'P7,P8,P9,PX,PU,PO,PK,PA,Z7,Z8',
    'Z9,ZX,ZU,ZO,ZK,ZA,M7,M8,M9,MX,MU,MO',
    'MK,MA,T7,T8,T9,TX,TU,TO,TK,TA',
  ];
  return JSON.stringify({ format: 'ulti-game/1', dealer: 0, hands, actions });
}


/** The level for the next decisions. */
async function setLevel(page, level) {
  await page.selectOption('[data-testid=table-level]', level);
}

/** What the page waits for: auction, trump, card, kontra, over, computer-N. */
async function nextStep(page) {
  return page.evaluate(() => {
    if (document.querySelector('[data-testid=table-result]')) return 'over';
    return document.querySelector('[data-testid=table-status]')?.dataset.next ?? 'none';
  });
}

/** Waits until the user is asked something (or the deal is over). */
async function userTurn(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=table-result]') ||
      ['auction', 'trump', 'card', 'kontra'].includes(
        document.querySelector('[data-testid=table-status]')?.dataset.next,
      ),
    null,
    { timeout: TIMEOUT.solve },
  );
  return nextStep(page);
}

/** The records the page exports (the download link's data). */
async function exported(page) {
  const href = await page.getAttribute('[data-testid=table-export]', 'href');
  return decodeURIComponent(href.slice(href.indexOf(',') + 1))
    .split('\n')
    .filter((l) => l.trim());
}

/**
 * Picks up (unless holding twelve) and says the lowest bid the twelve can play, with the
 * discard the bidding box offers for it. Returns the bid, or null when no higher bid is
 * playable (then it puts the talon back and passes).
 */
async function pickUpAndBid(page) {
  if (await page.$('[data-testid=table-pick-up]')) {
    await page.click('[data-testid=table-pick-up]');
  }
  await page.waitForSelector('[data-testid=table-bidding-box], [data-testid=table-put-back]');
  if (await page.$('[data-testid=table-put-back]')) {
    await page.click('[data-testid=table-put-back]');
    return null;
  }
  const cards = await page.$$eval('[data-testid=table-card]', (els) => els.map((e) => e.dataset.card));
  assert.equal(cards.length, 12, 'the twelve with the talon');
  // Before the discard, the bids the twelve can play stand out; the lowest row first.
  const bid = await page.$('[data-testid=table-bid][data-fit=needs]');
  assert.ok(bid, 'a playable bid stands out before the discard');
  const said = await bid.getAttribute('data-bid');
  await bid.click();
  await page.click('[data-testid=table-use-discard]');
  assert.equal(await page.$$eval('[data-testid=table-hand-slot][data-chosen=true]', (els) => els.length), 2);
  await page.click('[data-testid=table-bid-chosen]');
  return said;
}

/**
 * Plays the deal to its end: `auction(step)` decides the user's auction turns (default: pass,
 * or stand as the holder); trump: the first offered; kontra out of turn: let go; cards: the
 * first legal one. Returns what was reached.
 */
async function playOut(page, { auction, card } = {}) {
  const seen = { auction: 0, trump: 0, card: 0, kontra: 0 };
  for (;;) {
    const step = await userTurn(page);
    if (step === 'over') return seen;
    seen[step] += 1;
    if (step === 'auction') {
      if (auction && (await auction(page))) continue;
      if (await page.$('[data-testid=table-stand]')) await page.click('[data-testid=table-stand]');
      else if (await page.$('[data-testid=table-pass]')) await page.click('[data-testid=table-pass]');
      else await pickUpAndBid(page);
    } else if (step === 'trump') {
      await page.click('[data-testid=table-trump] >> nth=0');
    } else if (step === 'kontra') {
      await page.click('[data-testid=table-no-kontra]');
    } else {
      if (card) await card(page);
      await page.click('[data-testid=table-card][data-legal=true] >> nth=0');
    }
    await page.waitForFunction((n) => document.querySelector('[data-testid=table-status]')?.dataset.next !== n || document.querySelector('[data-testid=table-result]'), step, { timeout: TIMEOUT.ui }).catch(() => {});
  }
}

test('a whole deal: the user picks up and overbids, plays, and the payments are the replay\'s', { timeout: DEAL_MS * 2 }, async () => {
  await withPage(browser.context, 'table overbid', async (page) => {
    await openTable(page, 'en');
    await setLevel(page, 'easy');
    await assertAccessible(page, 'the table at the start');
    let bid = null;
    // Deal 1: seat 0 (the user) deals, seat 1 opens; the user picks up at its first turn.
    const seen = await playOut(page, {
      auction: async (p) => {
        if (bid || !(await p.$('[data-testid=table-pick-up]')) || (await p.$('[data-testid=table-stand]'))) return false;
        // A hint first: the strong advisor from the user's seat, in the record's words.
        const t0 = Date.now();
        await p.click('[data-testid=table-hint]');
        await p.waitForFunction(
          () => !['thinking', undefined].includes(document.querySelector('[data-testid=table-advice]')?.dataset.action),
          null,
          { timeout: TIMEOUT.solve },
        );
        const advice = await p.getAttribute('[data-testid=table-advice]', 'data-action');
        console.log(`strong hint at the auction in the browser: ${Date.now() - t0} ms`);
        // Before the pick-up the hint names no card: the talon is unseen.
        assert.match(advice, /^0 (pass|pickup)$/, `a hint for seat 0: ${advice}`);
        assert.equal(await p.getAttribute('[data-testid=table-hints-taken]', 'data-n'), '1');
        await p.click('[data-testid=table-pick-up]');
        await p.waitForSelector('[data-testid=table-talon-note]');
        await screenshot(p, 'table-picked-up');
        await assertAccessible(p, 'the twelve and the bidding box');
        bid = await pickUpAndBid(p);
        return true;
      },
    });
    assert.ok(bid, 'the user picked up and bid');
    assert.ok(seen.card >= 1, 'the user played cards');
    const heard = await page.$$eval('[data-testid=table-heard]', (els) => els.map((e) => e.textContent));
    assert.ok(heard.some((h) => h.startsWith('Player 1 (you)')), `the user's bid is heard: ${heard}`);
    await screenshot(page, 'table-result-en');
    await assertAccessible(page, 'the result');
    const records = await exported(page);
    assert.equal(records.length, 1);
    const r = replay(records[0]);
    assert.equal(r.stage, 'over');
    assert.deepEqual(await shownPayments(page), r.payments, 'the page pays what ulti replay pays');
    // The review: every decision of the user, the hint where it was taken.
    const rows = await reviewDeal(page);
    const actions = JSON.parse(records[0]).actions;
    const cards = rows.filter((x) => x.kind === 'card');
    assert.equal(cards.length, actions.filter((a) => a.startsWith('0 card')).length, 'a row per card of the user');
    assert.ok(cards.every((x) => ['kept', 'lost', 'threw'].includes(x.verdict)), JSON.stringify(cards));
    // A card that lost something says in what: card points or payoff per defender.
    const lostNotes = await page.$$eval('[data-testid=table-review-row][data-verdict=lost] .review-note', (els) => els.map((e) => e.textContent));
    assert.ok(lostNotes.every((t) => /^lost \d+ (card points|per defender)$/.test(t)), lostNotes.join(' | '));
    const choices = rows.filter((x) => x.kind !== 'card');
    assert.ok(choices.some((x) => x.kind === 'auction'), 'the auction is reviewed');
    assert.ok(choices.every((x) => ['best', 'lost', 'other'].includes(x.mark)), JSON.stringify(choices));
    assert.ok(choices.every((x) => ['true', 'false'].includes(x.advisorAgrees)), JSON.stringify(choices));
    const hinted = rows.filter((x) => x.hint === 'true');
    assert.equal(hinted.length, 1, 'the hint taken is shown at its decision');
    assert.equal(hinted[0].kind, 'auction');
    assert.equal(await page.getAttribute('[data-testid=table-review-summary]', 'data-hints'), '1');
    assert.match(await page.getAttribute('[data-testid=table-review-card] >> nth=0', 'href'), /played=.*&step=\d+/);
    await screenshot(page, 'table-review-en');
    await assertAccessible(page, 'the review');
    // The card play opens in the solver page at its last card.
    await page.click('[data-testid=table-open-solver]');
    await page.waitForSelector('[data-testid=line-viewer][data-step="30"]', { timeout: TIMEOUT.solve });
    assert.ok(r.auction.some((a) => a.startsWith('0 bid ')), 'the auction holds the user\'s bid');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('a deal where the user defends and says kontra, its stakes shown first', { timeout: DEAL_MS * 3 }, async () => {
  await withPage(browser.context, 'table kontra', async (page) => {
    await openTable(page, 'en');
    await setLevel(page, 'easy');
    let said = null;
    for (let deal = 1; deal <= 3 && !said; deal++) {
      // The user passes throughout, so a computer is the soloist; at its first card it doubles.
      await playOut(page, {
        auction: async (p) => {
          if (await p.$('[data-testid=table-pass]')) {
            await p.click('[data-testid=table-pass]');
            return true;
          }
          return false;
        },
        card: async (p) => {
          if (said || !(await p.$('[data-testid=table-kontra]'))) return false;
          const unit = await p.getAttribute('[data-testid=table-kontra-unit] >> nth=0', 'data-unit');
          const stakes = await p.textContent('[data-testid=table-stakes] >> nth=0');
          // The deciding defender's own money: what it pays if the bid is made, wins if not.
          assert.match(stakes, /^If the soloist makes it, you pay \d+ → \d+; if it fails, you receive \d+ → \d+\.$/);
          await p.check('[data-testid=table-kontra-unit] >> nth=0');
          await screenshot(p, 'table-kontra');
          await assertAccessible(p, 'the kontra box');
          await p.click('[data-testid=table-say-kontra]');
          await p.waitForFunction(() => /kontra/.test(document.querySelector('[data-testid=table-kontras]')?.textContent));
          said = unit;
          return false; // then the card
        },
      });
      if (!said && deal < 3) await page.click('[data-testid=table-next-deal]');
    }
    assert.ok(said, 'the user said kontra in three deals');
    const records = await exported(page);
    const r = replay(records[records.length - 1]);
    assert.deepEqual(await shownPayments(page), r.payments, 'the page pays what ulti replay pays');
    const unit = r.units.find((u) => u.unit === said);
    assert.ok(unit && unit.kontra.includes(1), `the unit ${said} stands at kontra: ${JSON.stringify(r.units)}`);
    // The review judges the kontra said against the advisor and the open hand.
    const rows = await reviewDeal(page);
    const kontra = rows.find((x) => x.kind === 'kontra');
    assert.ok(kontra && ['best', 'other'].includes(kontra.mark), JSON.stringify(rows));
    // Each pass is weighed against the open-hand choice in money: as good, or what it cost.
    const acts = JSON.parse(records[records.length - 1]).actions;
    const passes = rows.filter((x) => x.kind === 'auction' && acts[Number(x.at)] === '0 pass');
    assert.ok(passes.length >= 1 && passes.every((x) => ['best', 'lost'].includes(x.mark)), JSON.stringify(rows));
    const costs = await page.$$eval('[data-testid=table-review-row][data-kind=auction][data-mark=lost] > span', (els) => els.map((e) => e.textContent));
    assert.ok(costs.every((t) => /(cost you|gave away) \d+/.test(t)), costs.join(' | '));
    assert.deepEqual(pageProblems(page), []);
  });
});

test('a three-deal evening in Hungarian: a reload in mid-auction continues, the totals are the records\'', { timeout: DEAL_MS * 4 }, async () => {
  await withPage(browser.context, 'table evening', async (page) => {
    await openTable(page, 'hu');
    await setLevel(page, 'easy');
    let reloaded = false;
    for (let deal = 1; deal <= 3; deal++) {
      await playOut(page, {
        auction: async (p) => {
          if (reloaded) return false;
          reloaded = true;
          const before = await p.$$eval('[data-testid=table-heard]', (els) => els.map((e) => e.textContent));
          const hand = await p.$$eval('[data-testid=table-card]', (els) => els.map((e) => e.dataset.card));
          await openTable(p, 'hu', { clear: false });
          assert.equal(await userTurn(p), 'auction', 'still the user\'s auction turn');
          assert.deepEqual(await p.$$eval('[data-testid=table-heard]', (els) => els.map((e) => e.textContent)), before);
          assert.deepEqual(await p.$$eval('[data-testid=table-card]', (els) => els.map((e) => e.dataset.card)), hand);
          await setLevel(p, 'easy');
          return false;
        },
      });
      assert.equal(await page.$$eval('[data-testid=table-sheet-row]', (e) => e.length), deal);
      if (deal === 1) await screenshot(page, 'table-result-hu');
      if (deal < 3) await page.click('[data-testid=table-next-deal]');
    }
    assert.ok(reloaded, 'the evening reached a user auction turn');
    const records = await exported(page);
    assert.equal(records.length, 3);
    const totals = [0, 0, 0];
    const dealers = [];
    for (const rec of records) {
      const r = replay(rec);
      dealers.push(r.dealer);
      r.payments.forEach((p, s) => (totals[s] += p));
    }
    assert.deepEqual(dealers, [0, 1, 2], 'the dealer moves one seat a deal');
    const shown = await page.$$eval('[data-testid=table-total]', (els) => els.map((e) => e.textContent.trim()));
    const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
    assert.deepEqual(shown, totals.map(signed), 'the sheet\'s totals are the records\'');
    await screenshot(page, 'table-sheet-hu');
    await assertAccessible(page, 'the score sheet');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('import: a broken record is refused and changes nothing; a game in progress continues to a passed-out passz', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'table import', async (page) => {
    await openTable(page, 'en');
    await setLevel(page, 'easy');
    // Broken: seat 2 acts before the forehand. (The computers' opening first: the snapshot
    // must not race a decision still on its way.)
    await userTurn(page);
    const before = await page.$$eval('[data-testid=table-heard]', (els) => els.map((e) => e.textContent));
    await page.click('.table-import summary');
    await page.fill('[data-testid=table-import-text]', importRecord(['2 pass']));
    await page.click('[data-testid=table-import-go]');
    const msg = await page.textContent('[data-testid=table-import-msg]');
    assert.match(msg, /^Not imported \(your evening is unchanged\): line 1: action 1/);
    const cli = (() => {
      try {
        replay(importRecord(['2 pass']));
        return '';
      } catch (e) {
        return String(e.stderr);
      }
    })();
    assert.ok(cli.includes('action 1'), cli);
    // The replay's words, its seats (counted from 0) named as the page names them.
    const words = cli.trim().replace(/^error: /, '').replace(/seat ([0-2])(?!\d)/g, (_, n) => `Player ${Number(n) + 1}`);
    assert.ok(msg.includes(words), `the replay's words: ${msg} / ${words}`);
    assert.doesNotMatch(msg, /seat \d/, 'no seat counted from 0');
    assert.deepEqual(await page.$$eval('[data-testid=table-heard]', (els) => els.map((e) => e.textContent)), before);
    await screenshot(page, 'table-import-refused');
    // A file imported after the failed paste: the box no longer holds the paste.
    const dir = mkdtempSync(path.join(tmpdir(), 'ulti-import-'));
    const file = path.join(dir, 'evening.jsonl');
    writeFileSync(file, importRecord(['1 bid passz M9,MX']));
    await page.setInputFiles('[data-testid=table-import-file]', file);
    await page.waitForSelector('[data-testid=table-import-msg][data-ok=true]');
    assert.equal(await page.inputValue('[data-testid=table-import-text]'), '', 'the failed paste is gone');
    // A game in progress: the user (seat 1 after the seat change) stands and plays passz.
    await page.selectOption('[data-testid=table-seat-choice]', '1');
    await page.click('[data-testid=table-new-evening]');
    await setLevel(page, 'easy');
    await page.fill('[data-testid=table-import-text]', importRecord(['1 bid passz M9,MX', '2 pass', '0 pass']));
    await page.click('[data-testid=table-import-go]');
    assert.equal(await page.getAttribute('[data-testid=table-import-msg]', 'data-ok'), 'true');
    assert.equal(await userTurn(page), 'auction');
    assert.ok(await page.$('[data-testid=table-stand]'), 'the holder may stand');
    await page.click('[data-testid=table-stand]');
    await playOut(page);
    const records = await exported(page);
    const r = replay(records[records.length - 1]);
    assert.equal(r.soloist, 1);
    assert.deepEqual(await shownPayments(page), r.payments);
    assert.deepEqual(pageProblems(page), []);
  });
});

test('a computer decision still on its way when another game replaces the one it was asked for is dropped', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'table stale decision', async (page) => {
    // A first visit: the user at seat 0, the computer at seat 1 (the forehand) opens, and its
    // decision shows no sooner than 700 ms after it was asked. Before then, the user starts a
    // new evening at seat 1 and imports a game in progress where seat 1 (now the user) holds
    // the talon after a passed-round passz: seat 1's old decision must not be played there.
    await openTable(page, 'en');
    await page.waitForSelector('[data-testid=table-status][data-next=computer-1]', { timeout: TIMEOUT.ui });
    await page.selectOption('[data-testid=table-seat-choice]', '1');
    await page.click('[data-testid=table-new-evening]');
    await page.click('.table-import summary');
    await page.fill('[data-testid=table-import-text]', importRecord(['1 bid passz M9,MX', '2 pass', '0 pass']));
    await page.click('[data-testid=table-import-go]');
    assert.equal(await page.getAttribute('[data-testid=table-import-msg]', 'data-ok'), 'true');
    // Past the old decision's 700 ms, and more.
    await page.waitForTimeout(1500);
    assert.equal(await page.$('[data-testid=table-computer-error]'), null, 'no computer error');
    const heard = await page.$$eval('[data-testid=table-heard]', (els) => els.map((e) => e.dataset.seat));
    assert.deepEqual(heard, ['1', '2', '0'], 'the imported auction and nothing else');
    assert.equal(await userTurn(page), 'auction');
    assert.ok(await page.$('[data-testid=table-stand]'), 'the holder may stand');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('the auction by keyboard alone, and the phone layout at 375 px', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'table keyboard phone', async (page) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openTable(page, 'en');
    await setLevel(page, 'easy');
    assert.equal(await userTurn(page), 'auction');
    // Tab to "Pick up" and press Enter; then the discard and a bid, all by keys.
    const focusOn = async (selector) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    const pickUp = await page.$('[data-testid=table-pick-up]');
    if (pickUp) {
      await focusOn('[data-testid=table-pick-up]');
      await page.keyboard.press('Enter');
    }
    await page.waitForSelector('[data-testid=table-bidding-box]');
    const cards = await page.$$eval('[data-testid=table-card]', (els) => els.map((e) => e.dataset.card));
    let bid = null;
    for (let i = 0; i + 1 < cards.length && !bid; i++) {
      for (const c of [cards[i], cards[i + 1]]) {
        await page.focus(`[data-testid=table-card][data-card=${c}]`);
        await page.keyboard.press('Enter');
      }
      if (await page.$('[data-testid=table-bid][data-fit=ready]')) {
        await focusOn('[data-testid=table-bid][data-fit=ready]');
        bid = await page.evaluate(() => document.activeElement.dataset.bid);
        await page.keyboard.press('Enter');
      } else {
        for (const c of [cards[i], cards[i + 1]]) {
          await page.focus(`[data-testid=table-card][data-card=${c}]`);
          await page.keyboard.press('Space');
        }
      }
    }
    assert.ok(bid, 'a bid said by keyboard');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=table-heard]')].some((e) => e.dataset.seat === '0'));
    // The phone layout: no sideways scroll, every target at least 40 px high.
    const small = await page.$$eval('button, a, select, summary', (els) =>
      els
        .filter((e) => e.offsetParent !== null)
        .map((e) => ({ t: e.dataset.testid || e.textContent.trim().slice(0, 20), h: e.getBoundingClientRect().height }))
        .filter((x) => x.h < 40),
    );
    assert.deepEqual(small, [], 'targets under 40 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll (${overflow} px)`);
    await screenshot(page, 'table-phone');
    await assertAccessible(page, 'the phone layout');
  });
});

test('strong computers decide the auction in the workers: the page keeps drawing frames', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'table responsive', async (page) => {
    await openTable(page, 'en');
    await setLevel(page, 'strong');
    // A new evening at the strong level: seat 1 opens, seat 2 answers, then the user.
    await page.evaluate(() => {
      window.__frames = [];
      const tick = (t) => {
        window.__frames.push(t);
        if (window.__frames.length < 100000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.click('[data-testid=table-new-evening]');
    await page.waitForSelector('[data-testid=table-thinking]');
    const step = await userTurn(page);
    assert.ok(['auction', 'card', 'trump'].includes(step), step);
    const frames = await page.evaluate(() => window.__frames);
    let maxGap = 0;
    for (let i = 1; i < frames.length; i++) maxGap = Math.max(maxGap, frames[i] - frames[i - 1]);
    const think = await page.$eval('[data-testid=table-think-ms]', (e) => ({ ...e.dataset }));
    assert.equal(await page.isVisible('[data-testid=table-think-ms]'), false, 'timings only in the details');
    console.log(`strong auction: last decision ${think.ms} ms (${think.kind}), ${think.n} decisions, max frame gap ${maxGap.toFixed(0)} ms over ${frames.length} frames`);
    assert.ok(Number(think.n) >= 1);
    assert.ok(frames.length > 20, 'frames kept coming while the computers decided');
    assert.ok(maxGap < 250, `the page froze for ${maxGap} ms`);
  });
});

test('a shared link opens the same game at the same seat elsewhere; a broken one is refused; an evening with play asks first', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'table share', async (page) => {
    await openTable(page, 'en');
    await setLevel(page, 'easy');
    // Into the deal: the user's first auction turn, a pass.
    await userTurn(page);
    if (await page.$('[data-testid=table-pass]')) await page.click('[data-testid=table-pass]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=table-heard]').length >= 2, null, { timeout: TIMEOUT.solve });
    const game = (await exported(page)).at(-1);
    const hands = JSON.parse(game).hands;
    await page.click('[data-testid=table-share]');
    const link = await page.inputValue('[data-testid=table-share-link]');
    assert.match(link, /\/table\?share=[A-Za-z0-9_-]+$/);
    for (const h of hands) {
      const cards = h.split(',');
      for (let i = 0; i + 1 < cards.length; i++) {
        assert.ok(!link.includes(`${cards[i]},${cards[i + 1]}`), `the hands are not readable in ${link}`);
      }
    }
    // Another browser (empty storage) opens it at once: the same game, the same moment.
    const other = await page.context().browser().newContext();
    const p2 = await other.newPage();
    try {
      await p2.goto(link);
      await p2.waitForSelector('[data-testid=table-shared-opened]', { timeout: TIMEOUT.ui });
      const shared = JSON.parse(Buffer.from(link.split('share=')[1], 'base64url').toString()).record;
      const opened = JSON.parse((await exported(p2)).at(-1));
      assert.deepEqual(opened.hands, hands, 'the same deal');
      assert.deepEqual(opened.actions.slice(0, shared.actions.length), shared.actions, 'from the shared moment');
      // The computers go on as they did here: at the user's next turn both games are one.
      await userTurn(p2);
      await userTurn(page);
      assert.equal((await exported(p2)).at(-1), (await exported(page)).at(-1), 'the same game');
      assert.ok(!p2.url().includes('share='), 'the code leaves the address bar');
      await screenshot(p2, 'table-shared-opened');
    } finally {
      await other.close();
    }
    // This browser has play: it asks, and "keep" changes nothing.
    const mine = await exported(page);
    await page.goto(link);
    await page.waitForSelector('[data-testid=table-shared]');
    await assertAccessible(page, 'the shared-link question');
    await page.click('[data-testid=table-share-keep]');
    assert.deepEqual(await exported(page), mine);
    // A damaged link is refused with a message; the evening stays.
    await page.goto(link.replace(/share=.*/, 'share=eyJicm9rZW4'));
    await page.waitForSelector('[data-testid=table-shared-refused]');
    assert.match(await page.textContent('[data-testid=table-shared-refused]'), /damaged/);
    assert.deepEqual(await exported(page), mine);
    // Pages answers the route itself with its 404.html (the app): not a problem.
    assert.deepEqual(pageProblems(page).filter((l) => !/^http 404: .*\/table\?share=/.test(l)), []);
  });
});
