import type {ReactNode} from 'react';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';
import StaticUntilInteraction from '@site/src/components/StaticUntilInteraction';
import {preloadable} from '@site/src/utils/preloadable';
import {useReaderTestKey, withReaderKey} from '@site/src/utils/readerTestKey';

type Props = WrapperProps<typeof CodeBlockType>;

// The theme's code block highlights with Prism and its grammars. As a chunk of
// its own, they load only where code is shown and used.
const HighlightedCodeBlock = preloadable<Props>(() => import('@theme-original/CodeBlock'));

/**
 * The server writes the block already highlighted. In the browser it stays
 * that markup, not hydrated, until the reader comes to it (points at it,
 * touches it, tabs into it or presses a key), so reading a page with code
 * runs no Prism at all; then the theme's block takes over, with its Copy
 * button. Mounted later (client-side navigation, a tab opened), the block
 * shows its code plain for the moment the highlighter takes to load.
 *
 * When the reader has given their test key (src/utils/readerTestKey.ts), a
 * block that shows the sample key goes live at once with the reader's key in
 * its place, so what they read and what Copy copies is their own request.
 */
export default function CodeBlockWrapper(props: Props): ReactNode {
  // Everything the block's markup depends on, so equal keys mean equal markup.
  const {children, className, language, title, metastring, showLineNumbers} = props;
  const contentKey =
    typeof children === 'string' ? JSON.stringify([children, className, language, title, metastring, showLineNumbers]) : undefined;
  const readerKey = useReaderTestKey();
  const code = typeof children === 'string' ? withReaderKey(children, readerKey) : children;
  return (
    <StaticUntilInteraction
      contentKey={contentKey}
      liveWhen={code !== children}
      prepare={HighlightedCodeBlock.preload}
      liveFallback={<pre className="prism-code">{code}</pre>}>
      <HighlightedCodeBlock {...props}>{code}</HighlightedCodeBlock>
    </StaticUntilInteraction>
  );
}
