/**
 * Layout checks shared by the browser tests: words broken in the middle across two lines (a
 * name that reads "COSTRUZI / ONI"), in any box whose text should wrap only between words.
 */
import type { Locator } from '@playwright/test';

/**
 * Words split across two lines inside the boxes `selector` finds under `root` (its `dd` values
 * by default): each box's text is cut into words at its spaces (and hyphens and slashes, where
 * a line may break too), and a word whose pieces sit on more than one line was broken in the
 * middle. A word wider than its whole box (padding left out) cannot fit anywhere, so only those
 * may break; with `everyWord` (table cells, whose column the table itself narrows until words
 * break) any split word counts. Each entry names the word and both widths.
 */
export async function wordsBrokenMidWord(
  root: Locator,
  selector = 'dd',
  { everyWord = false }: { everyWord?: boolean } = {},
): Promise<string[]> {
  return root.evaluate(
    (element, { boxSelector, every }) => {
      const broken: string[] = [];
      for (const box of Array.from(element.querySelectorAll<HTMLElement>(boxSelector))) {
        const style = getComputedStyle(box);
        const width =
          box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Words end at spaces, hyphens and slashes, where a line may break.
          for (const match of (node.textContent ?? '').matchAll(/[^\s/-]+/g)) {
            const word = match[0];
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + word.length);
            const rects = Array.from(range.getClientRects());
            const lines = new Set(rects.map((rect) => Math.round(rect.top)));
            // Broken across lines: its one-line width is the sum of its pieces.
            const natural = rects.reduce((sum, rect) => sum + rect.width, 0);
            if (lines.size > 1 && (every || natural <= width)) {
              broken.push(`${word} (${natural}px, ${width}px)`);
            }
          }
        }
      }
      return broken;
    },
    { boxSelector: selector, every: everyWord },
  );
}
