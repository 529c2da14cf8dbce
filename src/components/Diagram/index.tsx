import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  /** The diagram's SVG, rendered ahead of time by `npm run diagrams`. */
  readonly svg: string;
  /** The diagram's mermaid source: the page's Markdown twin gives it as the diagram's text. */
  readonly source?: string;
}

/**
 * A diagram drawn at build time: plugins/diagrams/remark.ts puts one in place of each ```mermaid
 * block whose SVG is in `diagrams/`. The SVG is inline, so it is in the page's HTML: its labels
 * are text that screen readers and search read, and no script draws it.
 */
export default function Diagram({svg, source}: Props): ReactNode {
  return (
    <div
      // The theme's class for mermaid diagrams, so CSS aimed at diagrams applies to both kinds.
      className={clsx('docusaurus-mermaid-container', styles.diagram)}
      data-mermaid-source={source}
      // The SVG comes from the repository (mermaid's output, reviewed like code).
      dangerouslySetInnerHTML={{__html: svg}}
    />
  );
}
