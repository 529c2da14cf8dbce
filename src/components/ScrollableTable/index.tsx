import {Children, isValidElement, useEffect, useId, useRef, type ComponentProps, type ReactNode} from 'react';
import styles from './styles.module.css';

/** The text of a React tree (the strings inside it, in order). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (isValidElement<{children?: ReactNode}>(node)) return textOf(node.props.children);
  if (Array.isArray(node)) return node.map(textOf).join('');
  return '';
}

/** The column headings of a Markdown table: the cells of its <thead>. */
function columnHeadings(tableChildren: ReactNode): string[] {
  const head = Children.toArray(tableChildren).find((child) => isValidElement(child) && child.type === 'thead');
  if (!isValidElement<{children?: ReactNode}>(head)) return [];
  const firstRow = Children.toArray(head.props.children).find((child) => isValidElement(child));
  if (!isValidElement<{children?: ReactNode}>(firstRow)) return [];
  return Children.toArray(firstRow.props.children)
    .map((cell) => textOf(cell).trim())
    .filter((heading) => heading.length > 0);
}

/** The heading of the section the element is in: the nearest heading before it in its article. */
function sectionHeadingOf(element: Element): Element | null {
  for (let node: Element | null = element; node && !node.matches('article, main'); node = node.parentElement) {
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (/^H[2-6]$/.test(sibling.tagName) && sibling.id) return sibling;
    }
  }
  return null;
}

/**
 * Markdown tables in a region that scrolls sideways on narrow screens and can
 * be scrolled with the keyboard (focusable, named), as WCAG 2.1.1 asks of
 * scrollable content. Each region is named after its table's columns
 * ("Table: Method, Fee, Settlement") and, once in the browser, after the
 * heading of its section too ("Refunds Table: Method, Fee, Settlement"), so
 * that the regions of a page with several tables, even tables with the same
 * columns, are told apart (axe "landmark-unique"). The table is named after
 * that heading, which screen readers announce on entering it.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const headings = columnHeadings(props.children);
  const label = headings.length > 0 ? `Table: ${headings.join(', ')}` : 'Table';
  const id = useId();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    const sectionHeading = element && sectionHeadingOf(element);
    // The section is known only in the page, so it is added to the name
    // there: the name is the heading's text, then the region's own label.
    if (element && sectionHeading) element.setAttribute('aria-labelledby', `${sectionHeading.id} ${id}`);
    // The table itself is named after its section too, as a caption would name it.
    const table = element?.querySelector('table');
    if (table && sectionHeading) table.setAttribute('aria-labelledby', sectionHeading.id);
  }, [id]);
  return (
    <div ref={region} id={id} className={styles.scroll} tabIndex={0} role="region" aria-label={label}>
      <table {...props} />
    </div>
  );
}
