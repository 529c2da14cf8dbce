/**
 * The generated endpoint pages keep their sections' data out of MDX's expression parser
 * (scripts/generate-api.ts, inlineLargeProps): a large JSON attribute is read from one string,
 * with the same value, and everything else on the page is left as the generator wrote it.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import {inlineLargeProps, multiplySpec} from '../../scripts/generate-api';

const responses = {'201': {description: 'The charge was created. '.repeat(40), content: {'application/json': {schema: {type: 'object'}}}}};
const page = [
  '---',
  'id: create-charge',
  'title: "Create a charge"',
  '---',
  '',
  'import StatusCodes from "@theme/StatusCodes";',
  '',
  '<Heading',
  '  as={"h1"}',
  '  children={"Create a charge"}',
  '>',
  '</Heading>',
  '',
  '<StatusCodes',
  '  id={undefined}',
  `  responses={${JSON.stringify(responses)}}`,
  '>',
  '</StatusCodes>',
  '',
].join('\n');

/** The value `generatedProps` holds, as the page's module would evaluate it. */
function generatedPropsOf(mdx: string): unknown {
  const declaration = /^export const generatedProps = JSON\.parse\((".*")\);$/m.exec(mdx)?.[1];
  assert.ok(declaration, 'the page declares generatedProps');
  return JSON.parse(JSON.parse(declaration) as string);
}

describe('generated endpoint pages', () => {
  it('reads a large JSON attribute from one string literal, with the same value', () => {
    const {page: inlined, props} = inlineLargeProps(page);
    assert.deepEqual(Object.keys(props), ['responses']);
    assert.match(inlined, /^ {2}responses=\{generatedProps\.responses\}$/m);
    assert.deepEqual(generatedPropsOf(inlined), {responses});
  });

  it('leaves small attributes, and a page without large ones, as they were', () => {
    const {page: inlined} = inlineLargeProps(page);
    assert.match(inlined, /^ {2}children=\{"Create a charge"\}$/m);
    assert.match(inlined, /^ {2}id=\{undefined\}$/m);
    const small = page.replace(/^ {2}responses=.*$/m, '  responses={{}}');
    assert.equal(inlineLargeProps(small).page, small);
  });

  it('puts the declaration after the front matter, so the page still opens with it', () => {
    const {page: inlined} = inlineLargeProps(page);
    assert.ok(inlined.startsWith('---\nid: create-charge\ntitle: "Create a charge"\n---\n\nexport const generatedProps = JSON.parse('));
  });

  it('leaves no large JSON attribute in any generated page (npm run gen:api)', () => {
    const pages = readdirSync('api', {recursive: true, encoding: 'utf8'}).filter((file) => /\.(api|info|tag|schema)\.mdx$/.test(file));
    assert.ok(pages.length > 40, `only ${pages.length} generated pages under api/`);
    for (const file of pages) {
      const large = readFileSync(`api/${file}`, 'utf8')
        .split('\n')
        .filter((line) => /^\s+\w+=\{[[{"]/.test(line) && line.length > 600);
      assert.deepEqual(large, [], `api/${file}`);
    }
    const createCharge = readFileSync('api/core/charges/create-charge.api.mdx', 'utf8');
    assert.ok(JSON.stringify(generatedPropsOf(createCharge)).includes('The charge was created.'));
  });
});

describe('the growth benchmark', () => {
  it('multiplies every operation and webhook, with its own path and operationId', () => {
    const spec = {
      openapi: '3.1.0',
      paths: {'/v2/charges': {post: {operationId: 'createCharge'}, parameters: []}},
      webhooks: {'charge.succeeded': {post: {operationId: 'chargeSucceeded'}}},
    };
    const grown = multiplySpec(spec, 3);
    assert.deepEqual(Object.keys(grown.paths), ['/v2/charges', '/v2/charges-copy-2', '/v2/charges-copy-3']);
    assert.deepEqual(grown.paths['/v2/charges-copy-3'], {post: {operationId: 'createChargeCopy3'}, parameters: []});
    assert.deepEqual(Object.keys(grown.webhooks ?? {}), ['charge.succeeded', 'charge.succeeded_copy_2', 'charge.succeeded_copy_3']);
    assert.deepEqual(multiplySpec(spec, 1), spec);
  });
});
