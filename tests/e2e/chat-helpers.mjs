// The table chat as the e2e tests drive it (chat.test.mjs, lobby.test.mjs): open it, say
// something, wait for a line, read the lines.

import { TIMEOUT } from './helpers.mjs';

/** The chat's lines on `page`: `{seat, player, text}` (the text as the page shows it). */
export async function lines(page) {
  return page.$$eval('[data-testid=chat-line]', (ls) =>
    ls.map((l) => ({ seat: Number(l.dataset.seat), player: l.dataset.player ?? null, text: l.querySelector('.chat-text').textContent })),
  );
}

/** Opens the chat when it is folded (a phone). */
export async function openChat(page) {
  const t = page.locator('[data-testid=chat-toggle]');
  if ((await t.getAttribute('aria-expanded')) !== 'true') await t.click();
  await page.waitForSelector('[data-testid=chat-log]', { state: 'attached' });
}

/** Says `text` in the table's chat. */
export async function say(page, text) {
  await openChat(page);
  await page.fill('[data-testid=chat-input]', text);
  await page.click('[data-testid=chat-send]');
}

/** Waits until the page's chat shows a line reading `text`. */
export async function waitForLine(page, text) {
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('[data-testid=chat-line] .chat-text')].some((e) => e.textContent === t),
    text,
    { timeout: TIMEOUT.ui },
  );
}
