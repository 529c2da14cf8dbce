/**
 * Remark plugin: diagrams drawn at build time.
 *
 * Replaces each ```mermaid code block whose SVG exists in the diagrams folder (rendered ahead of
 * time by `npm run diagrams`, see scripts/diagrams/) with `<Diagram svg="…" />`, which inlines
 * the SVG into the page's HTML (src/components/Diagram). Pages then load no mermaid at all.
 *
 * A block without an SVG is left as it is: Docusaurus's own mermaid plugin turns it into the
 * theme's Mermaid component, which draws it in the browser, so `npm start` previews a new or
 * changed diagram before its SVG is rendered. `npm run check:diagrams` (part of `npm test`) fails
 * on such a block.
 *
 * It must run before Docusaurus's mermaid plugin: register it in `beforeDefaultRemarkPlugins`.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import type {Code, Nodes, Parent, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx';
import {DIAGRAMS_DIR, svgPath} from './files';

export interface RemarkDiagramsOptions {
  /** The folder holding `<id>.svg` files, absolute; the repository's `diagrams/` when not given. */
  readonly directory?: string;
}

/**
 * The repository's diagrams folder, found from this file rather than passed in
 * by the config: Docusaurus copies the docs instances' options, remark plugin
 * options included, into the client scripts, so a path given there would
 * publish the build machine's folders.
 */
const repositoryDiagrams = fileURLToPath(new URL(`../../${DIAGRAMS_DIR}/`, import.meta.url));

/** The SVG of a diagram, or undefined when it has not been rendered. */
function readSvg(directory: string, source: string): string | undefined {
  try {
    return readFileSync(svgPath(directory, source), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The `<Diagram svg="…" source="…" />` element standing for a rendered diagram: the source goes
 * with it so the page's Markdown twin gives the diagram as text (plugins/machine-readable).
 */
export function diagramElement(svg: string, source: string, position: Code['position']): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name: 'Diagram',
    attributes: [
      {type: 'mdxJsxAttribute', name: 'svg', value: svg},
      {type: 'mdxJsxAttribute', name: 'source', value: source},
    ],
    children: [],
    position,
  };
}

export default function remarkDiagrams(options?: RemarkDiagramsOptions) {
  const directory = options?.directory ?? repositoryDiagrams;
  if (!directory) throw new Error('remark-diagrams: the `directory` option (the diagrams folder) is empty.');
  return (tree: Root): void => {
    const visit = (parent: Parent): void => {
      parent.children.forEach((child, index) => {
        const node = child as Nodes;
        if (node.type === 'code') {
          if (node.lang !== 'mermaid') return;
          const svg = readSvg(directory, node.value);
          if (svg !== undefined) parent.children[index] = diagramElement(svg, node.value, node.position);
        } else if ('children' in node) {
          visit(node);
        }
      });
    };
    visit(tree);
  };
}
