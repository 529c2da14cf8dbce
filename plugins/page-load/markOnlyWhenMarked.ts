/**
 * mark.js, as the local-search plugin uses it to highlight a result's words
 * on the page it opens (`?_highlight=`). The plugin calls `unmark()` on the
 * whole article after every page load, with or without words to highlight;
 * mark.js then walks every text node of the article, on a long guide a task
 * of its own at start-up. Here `unmark()` first looks for a mark, and
 * returns at once when there is none.
 */
// The original, which the build's replacement of mark.js leaves alone for this file.
import OriginalMark from 'mark.js/dist/mark.js';

type MarkContext = ConstructorParameters<typeof OriginalMark>[0];
type UnmarkOptions = Parameters<InstanceType<typeof OriginalMark>['unmark']>[0];

function hasMarks(context: MarkContext, options: UnmarkOptions): boolean {
  if (!(context instanceof Element)) return true;
  const element = options?.element ?? 'mark';
  const className = options?.className ? `.${CSS.escape(options.className)}` : '';
  return context.querySelector(`${element}[data-markjs]${className}`) !== null;
}

const Mark = function MarkOnlyWhenMarked(context: MarkContext) {
  const mark = new OriginalMark(context);
  const unmark = mark.unmark.bind(mark);
  mark.unmark = (options?: UnmarkOptions) => {
    if (hasMarks(context, options)) return unmark(options);
    options?.done?.();
    return mark;
  };
  return mark;
} as unknown as typeof OriginalMark;

export default Mark;
