import type { Page } from '@playwright/test';

/**
 * A toast still sliding to its place for the previous viewport width is measured mid-way by the overflow
 * check: wait until the finite animations and transitions are done (endless ones, such as loading
 * skeletons, never finish and are not waited for).
 */
export async function finishedMoving(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}
