import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An overflowing RTL layout is a bug: nothing may be wider than the viewport. The page's scroll width
 * only catches overflow past the end edge; content pushed past the *start* edge (the right one in Arabic)
 * makes no scrollbar at all. So every element's box is also checked against both edges of the viewport,
 * except what is not drawn or is clipped on purpose: hidden elements, screen-reader-only boxes (1 px),
 * anything inside an inert or aria-hidden part (a closed drawer), and anything inside a box that clips or
 * scrolls horizontally (that box itself is checked).
 */
export async function expectNoHorizontalOverflow(page: Page) {
  // Boxes in motion (a toast sliding in, a layout easing after a resize) are measured where they come to rest.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const problems = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`the page scrolls sideways: ${root.scrollWidth} px wide for ${width} px`);
    const SLACK = 1; // sub-pixel rounding
    const describe = (el: Element, r: DOMRect) => {
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}`;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${name} [${Math.round(r.left)}…${Math.round(r.right)}]${text ? ` "${text}"` : ''}`;
    };
    /** Clipped or scrolled sideways by a box between it and the page (html and body do not count: they are the viewport). */
    const clippedByAncestor = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if (overflow !== 'visible') return true;
      }
      return false;
    };
    const intentionallyHidden = (el: Element, r: DOMRect) =>
      r.width <= 1 ||
      r.height <= 1 ||
      el.closest('[inert], [aria-hidden="true"]') !== null ||
      !el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.left >= -SLACK && r.right <= width + SLACK) continue;
      if (intentionallyHidden(el, r) || clippedByAncestor(el)) continue;
      found.push(describe(el, r));
      if (found.length >= 10) break;
    }
    return found;
  });
  expect(problems, 'elements reach past the edges of the viewport').toEqual([]);
  await expectNoSeriousA11yViolations(page);
}

/**
 * Every screen the e2e run checks is also run through axe-core (WCAG 2.x A and AA rules): a serious or
 * critical violation fails the test. To keep the run quick, one state of a screen is scanned once per
 * worker (the same path in the same language with the same dialog open is not scanned again, whatever the
 * width), and axe reports violations only (building the list of passes is most of its time).
 */
const scanned = new Set<string>();
export async function expectNoSeriousA11yViolations(page: Page) {
  const state = await page.evaluate(
    () =>
      `${location.host}${location.pathname}|${document.documentElement.lang}|${document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]')?.getAttribute('aria-labelledby') ?? ''}`,
  );
  if (scanned.has(state)) return;
  scanned.add(state);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes
        .slice(0, 5)
        .map((n) => `${v.id} (${v.impact}) on ${page.url()}: ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`),
    );
  expect(serious, 'axe-core finds serious or critical accessibility violations').toEqual([]);
}

export async function expectDirection(page: Page, lang: 'ar' | 'en' | 'fr') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

export const SCREENSHOTS = 'e2e/.artifacts/screenshots';

/**
 * No word is cut in two across lines (issue 24: "التمثي|ل" on a course page at 375 px): each word of the
 * texts under `selector` lies on one line. Arabic letters join, so a word split mid-way also changes shape.
 */
export async function expectWholeWords(page: Page, selector: string) {
  const broken = await page.evaluate((sel) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
          if (lines.size > 1) found.push(m[0]);
        }
      }
    }
    return found;
  }, selector);
  expect(broken, 'words cut across lines').toEqual([]);
}
