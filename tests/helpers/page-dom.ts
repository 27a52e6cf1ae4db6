import type { Page } from 'playwright-core';

/*
 * Reads of the page's DOM, run in the browser. The tests are type-checked without the DOM library,
 * so these go to the page as source text and come back typed here.
 */

/** An attribute of the element that has the keyboard focus. */
export function focusedAttribute(page: Page, name: string): Promise<string | null> {
  return page.evaluate<string | null>(`document.activeElement?.getAttribute(${JSON.stringify(name)}) ?? null`);
}

/** How wide the page's content is: more than the viewport means a horizontal scroll bar. */
export function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth');
}

/** The focused element (its test id or text) and whether its focus shows: an outline, or on SVG marks a 2 px stroke. */
export function focusShown(page: Page): Promise<{ id: string; ring: boolean }> {
  return page.evaluate<{ id: string; ring: boolean }>(`(() => {
    const el = document.activeElement;
    const style = el ? getComputedStyle(el) : null;
    const ring = style ? style.outlineStyle !== 'none' || (el instanceof SVGElement && parseFloat(style.strokeWidth) >= 2) : false;
    return { id: el?.getAttribute('data-testid') ?? el?.textContent ?? '', ring };
  })()`);
}
