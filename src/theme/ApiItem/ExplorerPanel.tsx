import {lazy, Suspense, type ReactNode} from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';
import type {ApiOperation} from '@theme/ApiItem/store';
import {useNearViewport} from '@site/src/utils/useNearViewport';
import styles from './ExplorerPanel.module.css';

// The explorer carries the request form, the nine code generators and the
// HTTP client: most of an endpoint page's script. It is fetched only when the
// reader gets near it, so the reference itself is interactive at once.
// Its styles come with it (patches/README.md), fetched beside its script.
const ApiExplorer = lazy(async () => {
  const [explorer] = await Promise.all([
    import('@theme/ApiExplorer'),
    import('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/styles.scss'),
  ]);
  return explorer;
});

/** The explorer's landmark name. */
const explorerName = 'API explorer';
/** The explorer's id, which the skip link targets. */
const explorerId = 'api-explorer';

/**
 * "Skip to the API explorer", shown when focused: the explorer comes after the whole reference in
 * the page's order, which a keyboard would otherwise Tab through to reach Send.
 */
export function SkipToExplorer(): ReactNode {
  return (
    // A keyboard control, not content: the page's Markdown twin has no explorer to skip to.
    <a className={styles.skipLink} href={`#${explorerId}`} data-markdown-ignore>
      Skip to the API explorer
    </a>
  );
}

/** How far ahead of the viewport the explorer starts loading. */
const loadAhead = '400px 0px';

interface Props {
  /** The page's operation: in the browser, here once the store is (useExplorerStore.ts). */
  readonly api: ApiOperation | undefined;
  readonly infoPath: string;
  /** The explorer reads the page's store (src/theme/ApiItem/useExplorerStore.ts): it waits for it too. */
  readonly storeReady: boolean;
  /** Why the store or the operation did not load: said in the explorer's place. */
  readonly failure: Error | undefined;
}

export default function ExplorerPanel({api, infoPath, storeReady, failure}: Props): ReactNode {
  const {ref, near, markNear} = useNearViewport<HTMLElement>(loadAhead);
  // Until the reader comes near, nothing stands in for the explorer: the
  // theme's skeleton, which this layout gave no height, pulsed by repainting
  // the page every frame and held back a phone's hydration (npm run bench).
  // While the explorer's code loads, a skeleton pulses by opacity alone.
  return (
    // Pointing at or tabbing into the panel loads it too, whatever the layout.
    // A named region, so a screen reader's landmark list leads to the request form at once.
    // Focusable by the skip link only (tabIndex -1), so Tab then starts inside it.
    <section ref={ref} id={explorerId} tabIndex={-1} aria-label={explorerName} onPointerEnter={markNear} onFocus={markNear}>
      {near && storeReady && api ? (
        <Suspense
          fallback={
            <div className={styles.loading}>
              <SkeletonLoader size="md" />
            </div>
          }>
          <ApiExplorer item={api} infoPath={infoPath} />
        </Suspense>
      ) : near && failure ? (
        <p className="alert alert--danger" role="alert">
          The request explorer did not load: {failure.message} Reload the page to try again.
        </p>
      ) : null}
    </section>
  );
}
