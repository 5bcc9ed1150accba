// The driver of a live table's pages (live.test.mjs, lobby.test.mjs, daily.test.mjs): acts for whichever page is
// asked something through the Table page's controls, times how the others follow, and
// snapshots what every page holds (checked against the records for leaks).

import assert from 'node:assert/strict';
import { TIMEOUT } from './helpers.mjs';
import { clickAt, framePosition, holdings, nextStep, pickUpAndBid, shownAt } from './live-helpers.mjs';

/** The longest a deal played through the pages may take. */
export const DEAL_MS = 240_000;

/**
 * The driver of a table's pages: acts for whichever page is asked something, times how the
 * others follow, and snapshots what every page holds.
 */
export class Driver {
  constructor(players, watchers = []) {
    this.players = players; // pages that act
    this.watchers = watchers; // pages that only look
    this.latency = [];
    this.snapshots = [];
    this.seen = { pickups: 0, bids: 0, kontras: 0, cards: 0, putBacks: 0 };
    this.offline = new Set();
    this.kontraWanted = 1;
    this.firstTurn = new Set();
  }

  pages() {
    return [...this.players, ...this.watchers];
  }

  /** Every page's holdings now (checked against the records at the end). */
  async snapshot() {
    for (const page of this.pages()) {
      const h = await holdings(page);
      this.snapshots.push({ who: page.e2eName, seat: page.seat, ...h, ...framePosition(page.frames) });
    }
  }

  /** Waits until every online page shows message `at` or later; records the delay after `t0`. */
  async follow(actor, atBefore, t0) {
    for (const page of this.pages()) {
      if (page === actor || this.offline.has(page)) continue;
      await page.waitForFunction((a) => Number(document.querySelector('[data-testid=live-status]')?.dataset.at) > a, atBefore, { timeout: TIMEOUT.solve });
      if (t0 !== null) {
        const t = await page.evaluate((a) => window.__e2eAt.find((e) => e.at > a)?.t, atBefore);
        if (t !== undefined) this.latency.push(t - t0);
      }
    }
  }

  /** One timed click at `page`; the other pages must follow. */
  async click(page, selector) {
    const before = await shownAt(page);
    const t0 = await clickAt(page, selector);
    await page.waitForFunction((a) => Number(document.querySelector('[data-testid=live-status]')?.dataset.at) > a, before, { timeout: TIMEOUT.solve });
    await this.follow(page, before, t0);
  }

  /** The decision `page` is asked for, made; false when it is asked nothing. */
  async act(page, hooks = {}) {
    if (this.offline.has(page)) return false;
    const step = await nextStep(page);
    const key = `${page.e2eName}|${await shownAt(page)}`;
    if (step === 'auction') {
      const first = !this.firstTurn.has(page);
      this.firstTurn.add(page);
      const before = await shownAt(page);
      if (await page.$('[data-testid=table-stand]')) {
        await this.click(page, '[data-testid=table-stand]');
      } else if (first || !(await page.$('[data-testid=table-pass]'))) {
        const picking = await page.$('[data-testid=table-pick-up]');
        const bid = await pickUpAndBid(page, { onPickUp: hooks.onPickUp });
        if (picking) this.seen.pickups += 1;
        if (bid) this.seen.bids += 1;
        else this.seen.putBacks += 1;
        await this.follow(page, before, null);
      } else {
        await this.click(page, '[data-testid=table-pass]');
      }
    } else if (step === 'trump') {
      await this.click(page, '[data-testid=table-trump]');
    } else if (step === 'kontra') {
      if (this.seen.kontras < this.kontraWanted) {
        await page.click('[data-testid=table-kontra-unit]');
        await this.click(page, '[data-testid=table-say-kontra]');
        this.seen.kontras += 1;
      } else if (await page.$('[data-testid=table-no-kontra]')) {
        await page.click('[data-testid=table-no-kontra]');
        return true;
      } else {
        await this.click(page, '[data-testid=table-card][data-legal=true]');
        this.seen.cards += 1;
      }
    } else if (step === 'card') {
      if (hooks.beforeCard && (await hooks.beforeCard(page))) return true;
      // A defender's kontra is said on its turn, before its card (the stakes shown first).
      if (this.seen.kontras < this.kontraWanted && (await page.$('[data-testid=table-say-kontra]'))) {
        assert.ok(await page.$('[data-testid=table-stakes]'), 'the stakes are shown before the kontra');
        await page.click('[data-testid=table-kontra-unit]');
        await this.click(page, '[data-testid=table-say-kontra]');
        this.seen.kontras += 1;
        await this.snapshot();
        return true;
      }
      await this.click(page, '[data-testid=table-card][data-legal=true]');
      this.seen.cards += 1;
    } else {
      return false;
    }
    void key;
    await this.snapshot();
    return true;
  }

  /** Plays until every acting page shows the result. */
  async playDeal(hooks = {}) {
    this.firstTurn = new Set();
    const started = Date.now();
    for (;;) {
      let acted = false;
      for (const page of this.players) acted = (await this.act(page, hooks)) || acted;
      const steps = await Promise.all(this.players.map((p) => nextStep(p)));
      if (steps.every((s) => s === 'over')) return;
      if (!acted) {
        if (hooks.idle) await hooks.idle();
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(Date.now() - started < DEAL_MS, `the deal ended in time (steps: ${steps})`);
    }
  }

  /** Every acting page says it is ready for the next deal; the next deal is dealt. */
  async nextDeal() {
    for (const page of this.players) await this.click(page, '[data-testid=table-next-deal]');
    for (const page of this.pages()) {
      await page.waitForFunction(() => !document.querySelector('[data-testid=table-result]'), null, { timeout: TIMEOUT.solve });
    }
  }
}

/** Waits until every page is connected and shows the same table message. */
export async function allCaughtUp(pages) {
  for (const page of pages) await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
  const ats = await Promise.all(pages.map(shownAt));
  const top = Math.max(...ats);
  for (const page of pages) {
    await page.waitForFunction((a) => Number(document.querySelector('[data-testid=live-status]')?.dataset.at) >= a, top, { timeout: TIMEOUT.solve });
  }
}

/**
 * Starts today's deals from the Daily page `page` is on (its seat 0 at the live table) and
 * plays `deals` of them, no kontra said; `afterDeal(page)` runs once each deal is over.
 */
export async function playDailyDeals(page, deals, afterDeal = async () => {}) {
  await page.click('[data-testid=daily-start]', { timeout: TIMEOUT.solve });
  await page.waitForURL(/\/table\?live=/, { timeout: TIMEOUT.ui });
  await page.waitForSelector('[data-testid=live-status]', { timeout: TIMEOUT.solve });
  page.seat = 0;
  const d = new Driver([page]);
  d.kontraWanted = 0;
  for (let i = 0; i < deals; i++) {
    if (i > 0) await d.nextDeal();
    await d.playDeal();
    await afterDeal(page);
  }
}
