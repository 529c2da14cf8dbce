/**
 * Webpack loader (wired in by the `zip-diagrams` plugin, index.ts beside it): a page with a
 * ```mermaid block depends on the diagrams folder, so webpack compiles it again when
 * `npm run diagrams` adds, changes or removes an SVG. The page's own text does not change then,
 * and without this its cached module would keep the old SVG, or keep drawing the diagram in the
 * browser, until the cache is cleared. The source passes through unchanged.
 *
 * CommonJS because webpack loads loaders with require(), outside the TypeScript config loader.
 */
const mayHoldDiagram = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*mermaid\b/m;

module.exports = function diagramDependencies(source) {
  if (mayHoldDiagram.test(source)) this.addContextDependency(this.getOptions().directory);
  return source;
};
