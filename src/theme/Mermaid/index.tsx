import type {ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import {useNearViewport} from '@site/src/utils/useNearViewport';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType>;

/** How far ahead of the viewport a diagram starts rendering. */
const renderAhead = '600px 0px';

/**
 * Diagrams are drawn in the browser by mermaid, ≈ 190 KB of script (gzip).
 * The theme fetches it as soon as a page with a diagram loads; this wrapper
 * waits until the reader comes near the diagram, so pages whose diagrams sit
 * further down load as fast as pages without one.
 */
export default function MermaidWrapper(props: Props): ReactNode {
  const {ref, near} = useNearViewport<HTMLDivElement>(renderAhead);
  if (near) return <Mermaid {...props} />;
  return <div ref={ref} className={styles.placeholder} aria-hidden="true" />;
}
