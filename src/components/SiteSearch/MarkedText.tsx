import type {ReactNode} from 'react';

/** Text with the words a search matched marked (`<mark>`), from the engine's [start, end) offsets. */
export default function MarkedText({
  text,
  marks,
}: {
  readonly text: string;
  readonly marks: readonly (readonly [number, number])[];
}): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at) continue;
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
