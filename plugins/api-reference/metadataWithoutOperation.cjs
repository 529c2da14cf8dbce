/**
 * A loader for the docs plugin's page metadata (the JSON module each page's
 * MDX exports as `metadata`): it leaves out the front matter's `api`, the
 * operation of an endpoint page (about 190 KB of JSON on Create a charge).
 * The page reads the operation from its MDX module's own
 * `frontMatter` (src/theme/ApiItem), and no code reads `metadata.frontMatter.api`,
 * so each endpoint page's script carried it twice. Every other field is kept.
 * tests/e2e/weight.test.ts fails when an endpoint page's script holds it twice.
 */
module.exports = function metadataWithoutOperation(source) {
  const metadata = JSON.parse(source);
  const frontMatter = metadata && metadata.frontMatter;
  if (!frontMatter || frontMatter.api === undefined) return source;
  const withoutOperation = {...frontMatter};
  delete withoutOperation.api;
  return JSON.stringify({...metadata, frontMatter: withoutOperation});
};
