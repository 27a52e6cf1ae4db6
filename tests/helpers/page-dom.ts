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

/** The text of the page as a person sees it (`innerText`: what is rendered, not hidden markup). */
export function renderedText(page: Page): Promise<string> {
  return page.evaluate<string>('document.body.innerText');
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The pairs of boxes (by index) that overlap, for labels that must each stand clear. */
export function overlappingBoxes(boxes: readonly Box[]): [number, number][] {
  const pairs: [number, number][] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b, k) => {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      if (!apart) pairs.push([i, i + 1 + k]);
    }),
  );
  return pairs;
}

/** A computed style property of each element `selector` matches, in document order. */
export function computedStyles(page: Page, selector: string, property: string): Promise<string[]> {
  return page.evaluate<string[]>(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((el) => getComputedStyle(el)[${JSON.stringify(property)}])`,
  );
}

/** The rendered text (`innerText`: as CSS shows it, upper-casing included) of each element `selector` matches. */
export function innerTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((el) => el.innerText)`);
}

/** Whether the element with the keyboard focus is inside the element `selector` names. */
export function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`Boolean(document.activeElement?.closest(${JSON.stringify(selector)}))`);
}

/** How far the page itself is scrolled down (a pane that scrolls on its own does not count). */
export function pageScrollY(page: Page): Promise<number> {
  return page.evaluate<number>('window.scrollY');
}
