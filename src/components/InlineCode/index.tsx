import type {ReactNode} from 'react';

/** A line of text from the specs or a data file, with its Markdown code spans (`like_this`) as <code>. */
export default function InlineCode({text}: {readonly text: string}): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) => (part.startsWith('`') && part.endsWith('`') ? <code key={index}>{part.slice(1, -1)}</code> : part));
}
