/**
 * Diagrams drawn at build time. `npm run diagrams` (scripts/diagrams/) renders each ```mermaid
 * block to `diagrams/<id>.svg` (files.ts says where); the remark plugin (remark.ts) inlines that
 * SVG into the page. This plugin makes pages with a diagram compile again when the SVGs change
 * although their text did not (dependencies-loader.cjs).
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {DIAGRAM_SOURCE_DIRS, DIAGRAMS_DIR} from './files';

export {default as remarkDiagrams} from './remark';

/** The diagrams folder of a site. */
export function diagramsDirectory(siteDir: string): string {
  return join(siteDir, DIAGRAMS_DIR);
}

export default function diagramsPlugin(context: LoadContext): Plugin {
  return {
    name: 'zip-diagrams',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/i,
              include: DIAGRAM_SOURCE_DIRS.map((dir) => join(context.siteDir, dir) + '/'),
              enforce: 'pre',
              use: [
                {
                  loader: join(context.siteDir, 'plugins/diagrams/dependencies-loader.cjs'),
                  options: {directory: diagramsDirectory(context.siteDir)},
                },
              ],
            },
          ],
        },
      };
    },
  };
}
