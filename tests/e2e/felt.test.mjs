// The Table page as a card table: the seats around the felt, the bidding box, the pick-up and
// its dead end, the score sheet's words on a phone, motion only where it helps.
// - Anyone who picks up and finds no playable higher bid puts the talon back and passes (also
//   after a reload); a holder with none is offered no raise, only stand.
// - After a pick-up the page is up to date (status, the seat's twelve cards, its role); the
//   talon's two cards and the discard are marked by tags, not only by colour; the box shows
//   the bids the twelve can play before the discard, and a bid the discard does not play says
//   which cards it needs and offers a discard that plays it.
// - A 375 px phone: the bidding box is short, the score sheet fits without a sideways scroll
//   and breaks no word, and names bids in words with their trump and result.
// - The trick's cards come in from their seats; under prefers-reduced-motion nothing moves.
// - A terített soloist's cards lie face up in its seat's box for the others, as it plays them;
//   a closed contract shows none. When the deal is over, its last trick stays on the felt.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, TIMEOUT, browserPerFile, importAt, openTable, pageProblems, replay, screenshot, withPage } from './helpers.mjs';
import { assertAccessible } from './a11y.mjs';

const browser = browserPerFile();
const ULTI = process.env.ULTI_BIN || path.join(REPO_ROOT, 'target', 'debug', 'ulti');

/** The test kit's NO_RAISE record (crates/ulti-testkit): nobody can raise seat 0's 40. */
function noRaise(more = []) {
  const src = readFileSync(path.join(REPO_ROOT, 'crates', 'ulti-testkit', 'src', 'lib.rs'), 'utf8');
  const rec = JSON.parse(src.match(/pub const NO_RAISE: &str = r#"(.*)"#;/)[1]);
  rec.actions.push(...more);
  return JSON.stringify(rec);
}


/** The status's `data-next` and text. */
async function status(page) {
  return page.$eval('[data-testid=table-status]', (e) => ({ next: e.dataset.next, text: e.textContent.trim() }));
}

/** The user's seat box. */
async function userSeat(page) {
  return page.$eval('[data-testid=table-seat][data-place=bottom]', (e) => ({
    roles: e.dataset.roles.split(' '),
    cards: Number(e.querySelector('[data-testid=table-seat-cards]').dataset.n),
    toAct: e.dataset.toAct,
  }));
}

/** The fits of the bidding box's bids. */
async function fits(page) {
  return page.$$eval('[data-testid=table-bid]', (els) => els.map((e) => e.dataset.fit));
}

test('a pick-up with no playable raise puts the talon back and passes, after a reload too; the holder is offered only stand', { timeout: TIMEOUT.solve * 2 }, async () => {
  await withPage(browser.context, 'felt dead end', async (page) => {
    await openTable(page, 'en');
    // Seat 1 (Player 2, the user) may pick up: it cannot know the talon holds nothing for it.
    await importAt(page, 1, noRaise());
    assert.equal((await status(page)).next, 'auction');
    await page.click('[data-testid=table-pick-up]');
    await page.waitForSelector('[data-testid=table-put-back]');
    assert.match((await status(page)).text, /No higher bid is playable with any two of these twelve cards/);
    assert.equal(await page.$('[data-testid=table-bidding-box]'), null, 'no bidding box with nothing to bid');
    assert.equal(await page.$('[data-testid=table-pass]'), null, 'no plain pass after a pick-up');
    const seat = await userSeat(page);
    assert.equal(seat.cards, 12, 'the seat holds twelve');
    assert.ok(seat.roles.includes('picked-up'), seat.roles.join(' '));
    await screenshot(page, 'felt-put-back');
    await assertAccessible(page, 'the talon to put back');
    // A reload keeps the pick-up and the way out.
    await openTable(page, 'en', { clear: false });
    await page.waitForSelector('[data-testid=table-put-back]');
    assert.equal((await userSeat(page)).cards, 12);
    await page.click('[data-testid=table-put-back]');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=table-heard]')].some((e) => e.textContent === 'Player 2 (you): pass'));
    const href = await page.getAttribute('[data-testid=table-export]', 'href');
    const record = JSON.parse(decodeURIComponent(href.slice(href.indexOf(',') + 1)).trim().split('\n').at(-1));
    assert.equal(record.actions[1], '1 pass', 'the record says pass, nothing of the pick-up');
    // The holder (seat 0, the user) after two passes: no raise is playable, only stand.
    await importAt(page, 0, noRaise(['1 pass', '2 pass']));
    assert.equal((await status(page)).next, 'auction');
    assert.match((await status(page)).text, /No higher bid is playable from your twelve cards: stand/);
    assert.equal(await page.$('[data-testid=table-pick-up]'), null, 'no "pick up and raise"');
    await page.click('[data-testid=table-stand]');
    await page.waitForFunction(() => document.querySelector('[data-testid=table-contract]')?.textContent.includes('plays'));
    assert.deepEqual(pageProblems(page), []);
  });
});

test('after a pick-up the table is current, the discard is tagged, and the box says what each bid needs', { timeout: TIMEOUT.solve * 2 }, async () => {
  for (const lang of ['en', 'hu']) {
    await withPage(browser.context, `felt pick-up ${lang}`, async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openTable(page, lang);
      // Seat 1 opened passz laying down M9, MX; the user at seat 2 holds the Tök marriage.
      const hands = ['P7,P8,P9,PX,PU,PO,PK,PA,Z7,Z8', 'Z9,ZX,ZU,ZO,ZK,ZA,M7,M8,M9,MX,MU,MO', 'MK,MA,T7,T8,T9,TX,TU,TO,TK,TA'];
      await importAt(page, 2, JSON.stringify({ format: 'ulti-game/1', dealer: 0, hands, actions: ['1 bid passz M9,MX'] }));
      const before = (await status(page)).text;
      await screenshot(page, `felt-auction-${lang}`);
      await page.click('[data-testid=table-pick-up]');
      await page.waitForSelector('[data-testid=table-bidding-box]');
      assert.notEqual((await status(page)).text, before, 'the status follows the pick-up');
      const seat = await userSeat(page);
      assert.equal(seat.cards, 12);
      assert.ok(seat.roles.includes('picked-up'));
      const holder = await page.$eval('[data-testid=table-seat][data-seat="1"]', (e) => e.dataset.roles);
      assert.match(holder, /holder/, 'seat 1 still holds the bid');
      // The talon's cards are tagged; before any discard the box's playable bids stand out.
      const talon = await page.$$eval('[data-testid=table-hand-slot][data-from-talon=true]', (els) => els.map((e) => [e.dataset.card, e.querySelector('[data-testid=table-tag-talon]')?.textContent.trim()]));
      assert.deepEqual(talon.map((t) => t[0]).sort(), ['M9', 'MX']);
      assert.ok(talon.every((t) => t[1]), 'a talon tag on each');
      const f0 = await fits(page);
      assert.ok(f0.includes('needs') && !f0.includes('ready'), `playable bids before the discard: ${f0}`);
      assert.ok(await page.$('[data-testid=table-bid][data-fit=needs]:not([disabled])'));
      // Discard the Tök Király and Felső: the 40-100 needs them back.
      for (const c of ['TK', 'TO']) await page.click(`[data-testid=table-card][data-card=${c}]`);
      const chosen = await page.$$eval('[data-testid=table-hand-slot][data-chosen=true]', (els) => els.map((e) => [e.dataset.card, e.querySelector('[data-testid=table-tag-discard]')?.textContent.trim()]));
      assert.deepEqual(chosen.map((c) => c[0]).sort(), ['TK', 'TO'], 'both discards chosen');
      assert.ok(chosen.every((c) => c[1] === '✕'), 'a discard tag (a shape, not a colour) on each');
      const f1 = await fits(page);
      assert.ok(f1.includes('ready'), 'the discard plays some bids');
      assert.equal(await page.getAttribute('[data-testid=table-bid][data-bid="40-100"]', 'data-fit'), 'needs');
      await page.click('[data-testid=table-bid][data-bid="40-100"]');
      await page.waitForSelector('[data-testid=table-needs]');
      const keep = await page.textContent('[data-testid=table-needs-keep]');
      assert.match(keep, lang === 'en' ? /King of Bells/ : /Tök Király/, keep);
      await screenshot(page, `felt-needs-${lang}`);
      await assertAccessible(page, `the box with a bid that needs another discard (${lang})`);
      const use = await page.getAttribute('[data-testid=table-use-discard]', 'data-cards');
      assert.ok(!use.includes('TK') && !use.includes('TO'), use);
      await page.click('[data-testid=table-use-discard]');
      assert.equal(await page.getAttribute('[data-testid=table-bid][data-bid="40-100"]', 'data-fit'), 'ready');
      await page.click('[data-testid=table-bid-chosen]');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=table-heard]')].some((e) => e.dataset.seat === '2'));
      const heard = await page.$$eval('[data-testid=table-heard]', (els) => els.map((e) => e.textContent));
      assert.ok(heard.at(-1).endsWith('40-100 (4)'), heard.join(' | '));
      assert.deepEqual(pageProblems(page), []);
    });
  }
});

test('a phone: a short bidding box, and a score sheet in words that fits without breaking a word', { timeout: TIMEOUT.solve * 2 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ulti-felt-'));
  const file = path.join(dir, 'evening.jsonl');
  // Twelve finished games with compound bids, made, failed and part failed.
  execFileSync(ULTI, ['match', '--whole-game', '--players', 'cheater,easy,easy', '--deals', '4', '--seed', '11', '--records', file], { stdio: 'ignore' });
  const records = readFileSync(file, 'utf8').trim().split('\n');
  await withPage(browser.context, 'felt phone', async (page) => {
    for (const lang of ['en', 'hu']) {
      await page.setViewportSize({ width: 375, height: 812 });
      await openTable(page, lang);
      await importAt(page, 0, records.join('\n'));
      const rows = await page.$$eval('[data-testid=table-sheet-bid]', (els) => els.map((e) => ({ text: e.textContent, outcome: e.dataset.outcome })));
      assert.equal(rows.length, records.length);
      for (const [i, r] of rows.entries()) {
        const game = replay(records[i]);
        const units = game.units.map((u) => u.won);
        const outcome = units.every((w) => w) ? 'made' : units.every((w) => !w) ? 'failed' : 'part';
        assert.equal(r.outcome, outcome, `${game.bid}: ${r.text}`);
        assert.doesNotMatch(r.text, /[@+]|negy|teritett|-asz/, `no raw bid id: ${r.text}`);
        if (lang === 'en') assert.match(r.text, outcome === 'made' ? /made$/ : /failed$/, r.text);
        if (game.trump && !game.bid.includes('@P') && lang === 'en') assert.match(r.text, / in (Leaves|Acorns|Bells)/, r.text);
      }
      const fit = await page.$eval('.table-scroll', (e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
      assert.ok(fit.scroll <= fit.client, `the sheet scrolls sideways: ${JSON.stringify(fit)}`);
      // No word broken across lines: each word of a bid cell lies on one line.
      const broken = await page.$$eval('[data-testid=table-sheet-bid]', (els) => {
        const out = [];
        for (const el of els) {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            for (const m of n.textContent.matchAll(/\S+/g)) {
              const r = document.createRange();
              r.setStart(n, m.index);
              r.setEnd(n, m.index + m[0].length);
              const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
              if (tops.size > 1) out.push(m[0]);
            }
          }
        }
        return out;
      });
      assert.deepEqual(broken, [], 'words broken across lines');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scroll (${overflow} px)`);
      await page.$eval('[data-testid=table-sheet]', (e) => e.scrollIntoView());
      await screenshot(page, `felt-phone-sheet-${lang}`);
      await assertAccessible(page, `the phone score sheet (${lang})`);
    }
    // The bidding box on a phone, at the forehand's opening (every bid of the ladder overcalls).
    await page.selectOption('[data-testid=table-seat-choice]', '1');
    page.once('dialog', (d) => d.accept());
    await page.click('[data-testid=table-new-evening]');
    await page.waitForSelector('[data-testid=table-bidding-box]', { timeout: TIMEOUT.ui });
    const box = await page.$eval('[data-testid=table-bidding-box]', (e) => e.getBoundingClientRect().height);
    const shown = (await fits(page)).length;
    console.log(`phone bidding box at the opening: ${Math.round(box)} px, ${shown} bids shown`);
    assert.ok(box <= 900, `the bidding box is ${box} px high on a phone`);
    assert.ok((await fits(page)).includes('needs'), 'bids stand out before the discard');
    await screenshot(page, 'felt-phone-box');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('the trick comes in from its seats; under prefers-reduced-motion nothing moves', { timeout: TIMEOUT.solve * 2 }, async () => {
  for (const motion of ['no-preference', 'reduce']) {
    await withPage(browser.context, `felt motion ${motion}`, async (page) => {
      await page.emulateMedia({ reducedMotion: motion });
      await openTable(page, 'en');
      // A passz the user (seat 1) stands on, then its lead.
      const hands = ['P7,P8,P9,PX,PU,PO,PK,PA,Z7,Z8', 'Z9,ZX,ZU,ZO,ZK,ZA,M7,M8,M9,MX,MU,MO', 'MK,MA,T7,T8,T9,TX,TU,TO,TK,TA'];
      await importAt(page, 1, JSON.stringify({ format: 'ulti-game/1', dealer: 0, hands, actions: ['1 bid passz M9,MX', '2 pass', '0 pass', '1 stand', '1 trump Z'] }));
      await page.waitForSelector('[data-testid=table-status][data-next=card]');
      await page.click('[data-testid=table-card][data-legal=true] >> nth=0');
      await page.waitForSelector('[data-testid=table-trick-card]');
      const anim = await page.$eval('[data-testid=table-trick-card]', (e) => getComputedStyle(e).animationName);
      if (motion === 'reduce') assert.equal(anim, 'none', 'no motion');
      else assert.match(anim, /card-in/, 'the card comes in');
      const place = await page.$eval('[data-testid=table-trick-card]', (e) => e.dataset.place);
      assert.equal(place, 'bottom', 'the user\'s card lies on its side of the trick');
    });
  }
});

test('a terített soloist\'s cards lie open for the defenders; the last trick stays when the deal is over', { timeout: TIMEOUT.solve * 2 }, async () => {
  const hands = ['P7,P8,P9,PX,PU,PO,PK,PA,Z7,Z8', 'Z9,ZX,ZU,ZO,ZK,ZA,M7,M8,M9,MX,MU,MO', 'MK,MA,T7,T8,T9,TX,TU,TO,TK,TA'];
  const record = (bid) => JSON.stringify({ format: 'ulti-game/1', dealer: 0, hands, actions: [`1 bid ${bid} ZA,ZK`, '2 pass', '0 pass', '1 stand'] });
  const open = async (page) => page.$$eval('[data-testid=table-seat][data-seat="1"] [data-testid=table-seat-open]', (els) => els.map((e) => e.dataset.cards));
  await withPage(browser.context, 'felt open hand', async (page) => {
    await openTable(page, 'en');
    // Seat 2 defends a terített betli: seat 1's ten cards face up; the computer leads one.
    await importAt(page, 2, record('betli@teritett'));
    const first = await open(page);
    assert.equal(first.length, 1, 'the soloist\'s seat shows its open cards');
    assert.equal(first[0].split(',').length, 10, first[0]);
    assert.ok(!first[0].includes('ZA') && !first[0].includes('ZK'), `the discard is not among them: ${first[0]}`);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=table-seat][data-seat="1"] [data-testid=table-seat-cards]').dataset.n) === 9, null, { timeout: TIMEOUT.ui });
    const after = (await open(page))[0].split(',');
    const led = await page.$eval('[data-testid=table-trick-card][data-seat="1"]', (e) => e.dataset.card);
    assert.equal(after.length, 9);
    assert.ok(!after.includes(led), `the card led (${led}) left the open hand`);
    assert.match(await page.$eval('[data-testid=table-seat-open]', (e) => e.getAttribute('aria-label')), /open/i);
    await screenshot(page, 'felt-open-hand');
    // The same bid closed: nothing shown.
    await importAt(page, 2, record('betli'));
    assert.deepEqual(await open(page), []);
    // A finished game: the last trick's three cards stay visible on the felt.
    const dir = mkdtempSync(path.join(tmpdir(), 'ulti-felt-'));
    const file = path.join(dir, 'one.jsonl');
    execFileSync(ULTI, ['match', '--whole-game', '--players', 'easy,easy,easy', '--deals', '1', '--seed', '5', '--records', file], { stdio: 'ignore' });
    // The user plays the deal's last card.
    const rec = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1));
    const lastCard = rec.actions.pop();
    const played = replay(rec).played;
    const [seat, , card] = lastCard.split(' ');
    await importAt(page, Number(seat), JSON.stringify(rec));
    await page.click(`[data-testid=table-card][data-card=${card}]`);
    played.push(card);
    await page.waitForSelector('[data-testid=table-result]');
    await page.waitForTimeout(2000); // longer than a trick's way to its winner
    const shown = await page.$$eval('[data-testid=table-trick-card]', (els) => els.map((e) => ({ card: e.dataset.card, opacity: Number(getComputedStyle(e).opacity) })));
    assert.deepEqual(shown.map((c) => c.card).sort(), played.slice(-3).sort(), 'the last trick is on the felt');
    for (const c of shown) assert.ok(c.opacity > 0.9, `${c.card} faded away (opacity ${c.opacity})`);
    assert.deepEqual(pageProblems(page), []);
  });
});
