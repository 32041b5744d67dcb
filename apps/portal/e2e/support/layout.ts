import type { Page } from 'playwright-core';

/** How wide the page's content is against the viewport; a page wider than its viewport scrolls sideways. */
export async function pageWidth(
  page: Page,
): Promise<{ page: string; scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    page: location.hash,
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

/** Fails, naming the page, when it scrolls sideways. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const seen = await pageWidth(page);
  expect(seen).toEqual({ ...seen, scrollWidth: Math.min(seen.scrollWidth, seen.innerWidth) });
}

/** The bottom border width of the first cell of every table's last body row (none should draw one). */
export async function lastRowFirstCellBorders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table tbody tr:last-child > :first-child')].map(
      (cell) => getComputedStyle(cell).borderBottomWidth,
    ),
  );
}

/** Makes the tab look hidden or visible to the page, as switching tabs would, and tells it so. */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    // Bubbling, as browsers send it: TanStack Query listens on window.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}
