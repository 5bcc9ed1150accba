// Accessibility checks with axe-core (from npm) injected into the page under test: every state
// the end-to-end tests visit must have zero serious or critical violations.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

/** The serious and critical axe-core violations of the page as it is now. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.addScriptTag({ path: AXE });
  }
  // Animations finish first, so cards in flight are not measured half-transparent.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      help: v.help,
      examples: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
    }));
}

/** Fails when the page has a serious or critical axe-core violation (`state` names the state). */
export async function assertAccessible(page, state) {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `${state}: serious/critical axe-core violations:\n${JSON.stringify(violations, null, 2)}`);
}
