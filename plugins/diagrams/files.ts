/**
 * Where a diagram's SVG lives. Shared by the build (remark.ts beside it), which must stay
 * light, and by the scripts that render and check the SVGs.
 *
 * A diagram is a ```mermaid code block; its SVG is `diagrams/<id>.svg` at the repository root,
 * where `<id>` is the first 16 hex characters of the SHA-256 of the block's content. Changing a
 * diagram changes its id, so a stale SVG can never be shown: the page falls back to drawing the
 * diagram in the browser until `npm run diagrams` renders the new one.
 */
import {createHash} from 'node:crypto';
import path from 'node:path';

/** The folder of rendered diagrams, relative to the repository root. */
export const DIAGRAMS_DIR = 'diagrams';

/** The content folders whose ```mermaid blocks are rendered (the three docs instances). */
export const DIAGRAM_SOURCE_DIRS = ['docs', 'guides', 'api'] as const;

/** The id of a diagram: the first 16 hex characters of the SHA-256 of its source. */
export function diagramId(source: string): string {
  return createHash('sha256').update(source, 'utf8').digest('hex').slice(0, 16);
}

/** The SVG file name of a diagram. */
export function svgFileName(source: string): string {
  return `${diagramId(source)}.svg`;
}

/** The SVG path of a diagram inside `directory` (the diagrams folder). */
export function svgPath(directory: string, source: string): string {
  return path.join(directory, svgFileName(source));
}
