/**
 * The generated endpoint pages keep their sections' data out of MDX's parsers
 * (scripts/generate-api.ts, moveLargeProps): a large JSON attribute is read from a JSON module
 * beside the page, with the same value, and everything else on the page is left as the generator
 * wrote it.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import {moveLargeProps, multiplySpec} from '../../scripts/generate-api';

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

const propsFile = 'create-charge.api.props.json';

describe('generated endpoint pages', () => {
  it('reads a large JSON attribute from the JSON module beside the page, with the same value', () => {
    const {page: moved, props} = moveLargeProps(page, propsFile);
    assert.deepEqual(props, {responses});
    assert.match(moved, /^ {2}responses=\{generatedProps\.responses\}$/m);
    assert.match(moved, /^import generatedProps from '\.\/create-charge\.api\.props\.json';$/m);
  });

  it('leaves small attributes, and a page without large ones, as they were', () => {
    const {page: moved} = moveLargeProps(page, propsFile);
    assert.match(moved, /^ {2}children=\{"Create a charge"\}$/m);
    assert.match(moved, /^ {2}id=\{undefined\}$/m);
    const small = page.replace(/^ {2}responses=.*$/m, '  responses={{}}');
    assert.deepEqual(moveLargeProps(small, propsFile), {page: small, props: {}});
  });

  it('puts the import after the front matter, so the page still opens with it', () => {
    const {page: moved} = moveLargeProps(page, propsFile);
    assert.ok(moved.startsWith(`---\nid: create-charge\ntitle: "Create a charge"\n---\n\nimport generatedProps from './${propsFile}';\n`));
  });

  it('every generated page that imports its props has them beside it (npm run gen:api)', () => {
    const pages = readdirSync('api', {recursive: true, encoding: 'utf8'}).filter((file) => /\.api\.mdx$/.test(file));
    const importing = pages.filter((file) => readFileSync(`api/${file}`, 'utf8').includes('import generatedProps from'));
    assert.ok(importing.length > 40, `only ${importing.length} endpoint pages import their props`);
    for (const file of importing) {
      const props = JSON.parse(readFileSync(`api/${file.replace(/\.mdx$/, '.props.json')}`, 'utf8')) as Record<string, unknown>;
      for (const [, key] of readFileSync(`api/${file}`, 'utf8').matchAll(/=\{generatedProps\.(\w+)\}/g)) {
        assert.ok(key && key in props, `api/${file} reads generatedProps.${key ?? ''}`);
      }
    }
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
    assert.ok(readFileSync('api/core/charges/create-charge.api.props.json', 'utf8').includes('The charge was created.'));
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
