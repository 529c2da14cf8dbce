import {useEffect, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {markdownTwinPath} from '@zip/model/markdownTwin';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import styles from './styles.module.css';

interface CopyPageMarkdownProps {
  /** The page's path, as in its permalink. */
  readonly pagePath: string;
}

type CopyState = 'idle' | 'copying' | 'copied' | 'failed';

const statusMessages: Readonly<Record<CopyState, string>> = {
  idle: '',
  copying: 'Copying…',
  copied: 'Copied',
  failed: 'Could not copy. Open “View as Markdown” and copy the text from there.',
};

/** How long "Copied" stays on screen. */
const copiedMessageMilliseconds = 4000;

async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url, {headers: {accept: 'text/markdown, text/plain'}});
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  // A server that answers unknown paths with the app's HTML (a dev server) has no twin to give.
  if (response.headers.get('content-type')?.includes('text/html')) throw new Error(`${url} answered with HTML`);
  return response.text();
}

/**
 * The old way to copy, for browsers without the asynchronous clipboard (pages
 * served over plain HTTP, older browsers): select the text in an off-screen
 * text area and ask the document to copy it.
 */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = styles.offscreen ?? '';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies the text. The Markdown is fetched after the click; Safari only lets a
 * page write to the clipboard during the click itself, which a ClipboardItem
 * built from a promise satisfies, so that is tried first.
 */
async function copyMarkdown(url: string): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  const markdown = fetchMarkdown(url);
  if (clipboard && typeof ClipboardItem !== 'undefined') {
    try {
      const blob = markdown.then((text) => new Blob([text], {type: 'text/plain'}));
      await clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch {
      // Refused or not supported with a promise: the plainer ways below.
    }
  }
  const text = await markdown;
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: try the selection fallback.
    }
  }
  if (!copyWithSelection(text)) throw new Error('The browser refused to copy.');
}

/** Assistants that take a prompt in their URL: the reader lands in a new conversation about the page. */
export const assistants = [
  {name: 'ChatGPT', promptUrl: 'https://chatgpt.com/?q='},
  {name: 'Claude', promptUrl: 'https://claude.ai/new?q='},
] as const;

/** What the assistant is asked: to read the page's Markdown twin (plain text, no scripts) before answering. */
export function assistantPrompt(twinAddress: string): string {
  return `Read ${twinAddress} (a page of Zip's documentation, as Markdown) so I can ask you questions about it.`;
}

/**
 * "Copy page as Markdown" and "View as Markdown": the page's Markdown twin,
 * written by the build, for pasting into an assistant or reading as text;
 * and links that open ChatGPT or Claude with a prompt pointing at the twin.
 */
export default function CopyPageMarkdown({pagePath}: CopyPageMarkdownProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const twinUrl = markdownTwinPath(pagePath, siteConfig.baseUrl);
  const prompt = encodeURIComponent(assistantPrompt(new URL(twinUrl, siteConfig.url).href));
  const [state, setState] = useState<CopyState>('idle');
  const resetTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  const copy = (): void => {
    // Not `disabled` while copying: disabling the focused button would drop keyboard focus.
    if (state === 'copying') return;
    window.clearTimeout(resetTimer.current);
    setState('copying');
    copyMarkdown(twinUrl).then(
      () => {
        setState('copied');
        resetTimer.current = window.setTimeout(() => setState('idle'), copiedMessageMilliseconds);
      },
      () => setState('failed'),
    );
  };

  // The page's tools for a reader, not its content: `data-markdown-ignore` tells an agent comparing
  // the page with its twin (AFDocs' markdown-content-parity) that the twin leaves them out on purpose.
  return (
    <div className={styles.actions} data-markdown-ignore="">
      <Head>
        {/* The page's Markdown twin, for an assistant that fetched the HTML (the HTTP Link header names llms.txt). */}
        <link rel="alternate" type="text/markdown" href={twinUrl} />
      </Head>
      <button type="button" className={styles.copyButton} onClick={copy} aria-disabled={state === 'copying'}>
        Copy page as Markdown
      </button>
      <a className={styles.viewLink} href={twinUrl} type="text/markdown">
        View as Markdown
      </a>
      {assistants.map((assistant) => (
        <a
          key={assistant.name}
          className={styles.viewLink}
          href={`${assistant.promptUrl}${prompt}`}
          target="_blank"
          rel="noopener noreferrer">
          Open in {assistant.name}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      ))}
      {/* Always in the page, so screen readers announce each change of its text. */}
      <span role="status" aria-live="polite" className={state === 'failed' ? styles.error : styles.status}>
        {statusMessages[state]}
      </span>
    </div>
  );
}
