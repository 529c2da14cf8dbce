/**
 * The event catalogue across the four specs, and test mode's one list of
 * magic values: the specs' decline codes each have a value, and the sample
 * check rejects a card number the list does not have, naming file and line.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import {checkMarkdown, checkSpecTestCards, loadSpecs} from '../../scripts/check-samples';
import {checkEventCatalogue, mergeErrorCatalogues} from '../../plugins/api-reference/catalogues';
import {filterSpecByTag} from '../../plugins/api-reference/derived-specs';
import {endpointMarkdown} from '../../plugins/machine-readable/endpoint-markdown';
import {assertOperation} from '@zip/model/apiOperation';
import {sourceSpecs} from '@zip/model/apiReference';
import {passesLuhn, testAmounts, testCards} from '@zip/model/testValues';
import {facts, factText} from '@zip/model/facts';

const specs = loadSpecs(path.join(import.meta.dirname, '../../openapi'));
const specTexts = sourceSpecs.map((file) => ({file, text: readFileSync(file, 'utf8')}));
const FENCE = '```';

describe('the event catalogue', () => {
  it('the four specs agree: every webhook is in EventType, and every EventType has a webhook', () => {
    assert.deepEqual(checkEventCatalogue(specTexts), []);
  });

  it('a webhook missing from EventType is reported with its file and line', () => {
    const renamed = specTexts.map((spec) =>
      spec.file === 'openapi/links.yaml'
        ? {...spec, text: spec.text.replace('\n  payment_link.paid:\n', '\n  payment_link.settled:\n')}
        : spec,
    );
    const line =
      (renamed.find((spec) => spec.file === 'openapi/links.yaml')?.text ?? '').split('\n').indexOf('  payment_link.settled:') + 1;
    const problems = checkEventCatalogue(renamed);
    assert.ok(
      problems.some((problem) => problem.startsWith(`openapi/links.yaml:${line}: webhook "payment_link.settled" must have summary`)),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((problem) =>
        /^openapi\/payments\.yaml:\d+: EventType lists "payment_link\.paid", but no spec declares a webhook for it\.$/.test(problem),
      ),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((problem) => /EventType does not list "payment_link\.settled" \(a webhook in openapi\/links\.yaml\)/.test(problem)),
      problems.join('\n'),
    );
  });

  it('a product cut from the payments spec keeps only its own webhooks', () => {
    type Spec = Parameters<typeof filterSpecByTag>[0];
    const payments = yaml.load(specTexts.find((spec) => spec.file === 'openapi/payments.yaml')?.text ?? '') as Spec;
    const webhooksOf = (tag: string): string[] => Object.keys(filterSpecByTag(payments, tag).webhooks ?? {});
    assert.ok(webhooksOf('Charges').includes('charge.refund_failed'));
    assert.ok(webhooksOf('Charges').includes('dispute.opened'));
    assert.deepEqual(webhooksOf('Sources'), ['source.chargeable', 'source.cancelled', 'source.expired']);
    assert.deepEqual(webhooksOf('Customers'), ['customer.deleted']);
    assert.deepEqual(webhooksOf('Events'), ['payout.sent', 'payout.returned']);
  });

  it('statuses are named once: payment requests are voided, like charges and sessions', () => {
    const requests = yaml.load(specTexts.find((spec) => spec.file === 'openapi/requests.yaml')?.text ?? '') as {
      components: {schemas: {RequestStatus: {enum: string[]}}};
    };
    assert.deepEqual(requests.components.schemas.RequestStatus.enum, ['open', 'paid', 'voided', 'expired']);
  });
});

describe('the error catalogue', () => {
  const withText = (file: string, change: (text: string) => string): {file: string; text: string}[] =>
    specTexts.map((spec) => (spec.file === file ? {...spec, text: change(spec.text)} : spec));
  const lineOf = (text: string, line: string, after: string): number => {
    const lines = text.split('\n');
    return lines.indexOf(line, lines.indexOf(after)) + 1;
  };

  it('each spec lists exactly the codes its operations return, and the union is one catalogue', () => {
    const {catalogue, problems} = mergeErrorCatalogues(specTexts);
    assert.deepEqual(problems, []);
    const codes = catalogue.codes.map((entry) => entry.code);
    assert.equal(new Set(codes).size, codes.length);
    assert.ok(codes.includes('link_already_used') && codes.includes('card_declined') && codes.includes('session_expired'));
    const links = yaml.load(specTexts.find((spec) => spec.file === 'openapi/links.yaml')?.text ?? '') as {
      components: {schemas: {ErrorCode: {examples: string[]}}};
    };
    assert.ok(!links.components.schemas.ErrorCode.examples.includes('charge_disputed'), 'the links spec lists a charge code');
  });

  it('a code a spec lists but never returns is reported with its file and line', () => {
    const changed = withText('openapi/links.yaml', (text) =>
      text.replace('        - link_already_used\n', '        - link_already_used\n        - charge_disputed\n'),
    );
    const text = changed.find((spec) => spec.file === 'openapi/links.yaml')?.text ?? '';
    const line = lineOf(text, '        - charge_disputed', '    ErrorCode:');
    const {problems} = mergeErrorCatalogues(changed);
    assert.ok(
      problems.some((problem) => problem.startsWith(`openapi/links.yaml:${line}: ErrorCode lists "charge_disputed", but no operation`)),
      problems.join('\n'),
    );
  });

  it('a code described differently in two specs is reported, naming both files', () => {
    const changed = withText('openapi/requests.yaml', (text) =>
      text.replace("        parameter_missing: 'A required parameter is missing;", "        parameter_missing: 'A parameter is missing;"),
    );
    const {problems} = mergeErrorCatalogues(changed);
    assert.ok(
      problems.some((problem) =>
        /^openapi\/requests\.yaml:\d+: ErrorCode "parameter_missing" is described differently from openapi\/payments\.yaml/.test(problem),
      ),
      problems.join('\n'),
    );
  });
});

describe('one design across the four APIs', () => {
  type Operation = {parameters?: {$ref?: string}[]; responses?: Record<string, unknown>};
  type Spec = {
    paths: Record<string, Record<string, Operation>>;
    components: {parameters: Record<string, unknown>; schemas: Record<string, {properties?: Record<string, {enum?: string[]}>}>};
  };
  const parsed = specTexts.map(({file, text}) => ({file, spec: yaml.load(text) as Spec}));

  it('every list takes the same created_after and created_before parameters', () => {
    const shared = parsed.map(({spec}) =>
      JSON.stringify([spec.components.parameters.CreatedAfter, spec.components.parameters.CreatedBefore]),
    );
    assert.equal(new Set(shared).size, 1);
    for (const {file, spec} of parsed) {
      for (const [template, item] of Object.entries(spec.paths)) {
        const refs = (item.get?.parameters ?? []).map((parameter) => parameter.$ref);
        if (!refs.includes('#/components/parameters/StartingAfter')) continue;
        for (const name of ['CreatedAfter', 'CreatedBefore'])
          assert.ok(refs.includes(`#/components/parameters/${name}`), `${file}: GET ${template} has no ${name}`);
      }
    }
  });

  it('on/off states are active and inactive, and switching to the current state is not a conflict', () => {
    const schemas = (file: string) => parsed.find((entry) => entry.file === file)?.spec.components.schemas ?? {};
    assert.deepEqual(schemas('openapi/payments.yaml').WebhookEndpoint?.properties?.status?.enum, ['active', 'inactive']);
    const links = parsed.find((entry) => entry.file === 'openapi/links.yaml')?.spec;
    assert.deepEqual((links?.components.schemas.LinkStatus as {enum?: string[]} | undefined)?.enum, ['active', 'inactive']);
    const text = specTexts.find((spec) => spec.file === 'openapi/links.yaml')?.text ?? '';
    assert.ok(!text.includes('link_already_active') && !text.includes('link_already_inactive'));
  });
});

describe('test mode values', () => {
  const payments = yaml.load(specTexts.find((spec) => spec.file === 'openapi/payments.yaml')?.text ?? '') as {
    components: {schemas: {FailureCode: {enum: (string | null)[]}}};
  };
  const failureCodes = payments.components.schemas.FailureCode.enum.filter((code): code is string => code !== null);

  it('every decline code of the Payments API has a test card or a test amount', () => {
    for (const code of failureCodes) {
      const produced = testCards.some((card) => card.failureCode === code) || testAmounts.some((amount) => amount.failureCode === code);
      assert.ok(produced, `no test value produces failure_code ${code}`);
    }
  });

  it('every test card number is a valid card number, listed once', () => {
    for (const card of testCards) assert.ok(passesLuhn(card.number), `${card.number} fails the Luhn check`);
    assert.equal(new Set(testCards.map((card) => card.number)).size, testCards.length);
  });

  it('check:samples rejects a card number the data file does not list, naming the line', () => {
    const source = [
      '---',
      'title: Test page',
      '---',
      '',
      `${FENCE}bash`,
      'curl https://api.example.com/v2/sources \\',
      '  -u pk_test_51HxZipExampleKey4eC39HqLyjWDarjtT1zdp7dc: \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '{"type": "card", "card": {"number": "4242424242424242", "exp_month": 12, "exp_year": 2030, "cvc": "123"}}'`,
      FENCE,
    ].join('\n');
    const problems = checkMarkdown(source, 'guides/test.mdx', specs).problems;
    assert.equal(problems.length, 1, problems.map((problem) => problem.reason).join('\n'));
    assert.equal(problems[0]?.line, 9);
    assert.match(
      problems[0]?.reason ?? '',
      /card number 4242424242424242 is not a test card: use one listed in packages\/model\/src\/testValues\.ts/,
    );
    assert.deepEqual(checkMarkdown(source.replace('4242424242424242', '4000000000000002'), 'guides/test.mdx', specs).problems, []);
  });

  it('check:samples rejects an unknown card number in a spec example, and ignores phone numbers and amounts', () => {
    const spec = [
      "          example: '4111111111111111'",
      "          example: '+639171234567'",
      "          example: '5105105105105100'",
      '          maximum: 100000000',
    ].join('\n');
    assert.deepEqual(
      checkSpecTestCards(spec, 'openapi/payments.yaml').map((problem) => `${problem.file}:${problem.line}`),
      ['openapi/payments.yaml:3'],
    );
  });

  it('the specs use only listed test cards', () => {
    for (const {file, text} of specTexts) assert.deepEqual(checkSpecTestCards(text, file), []);
  });
});

describe('Markdown twins of webhook pages', () => {
  const webhook = {
    method: 'event',
    path: 'webhook',
    summary: 'charge.succeeded',
    description: 'A payment was taken: fulfil the order.',
    servers: [{url: 'https://api.example.com'}],
    security: [],
    parameters: [{name: 'Zip-Signature', in: 'header' as const, required: true, schema: {type: 'string'}}],
  };

  it('a webhook operation needs no Postman request; an HTTP operation still does', () => {
    assert.doesNotThrow(() => assertOperation(webhook, 'api/core/charges/charge-succeeded-event.api.mdx'));
    assert.throws(
      () => assertOperation({...webhook, method: 'post', path: '/v2/charges'}, 'api/core/charges/create-charge.api.mdx'),
      /create-charge\.api\.mdx: the operation has no postman\.url/,
    );
  });

  it('says Zip sends the event, with no base URL, credentials or code samples', () => {
    const markdown = endpointMarkdown({title: 'charge.succeeded', operation: assertOperation(webhook, 'webhook'), codeSamples: []});
    assert.equal(markdown.split('\n')[0], '# charge.succeeded');
    assert.match(markdown, /^Webhook event: Zip sends `POST` with this body to your webhook endpoint\.$/m);
    assert.doesNotMatch(markdown, /Base URL|## Authentication|## Code samples/);
    assert.match(markdown, /Zip-Signature/);
  });
});

describe('the specs state the numbers of facts.ts', () => {
  type Spec = {paths: Record<string, Record<string, {description?: string}>>; components: {schemas: Record<string, Json>}};
  type Json = Record<string, unknown>;
  const parsed = specTexts.map(({file, text}) => ({file, spec: yaml.load(text) as Spec}));

  it('every spec says how long to wait after idempotency_request_in_progress', () => {
    const wait = factText['api.idempotencyInProgressRetry'];
    for (const {file, spec} of parsed) {
      const described = (spec.components.schemas.ErrorCode?.['x-enumDescriptions'] as Record<string, string> | undefined)
        ?.idempotency_request_in_progress;
      assert.match(described ?? '', new RegExp(`wait ${wait}, then retry with the same key`), `${file}: ErrorCode`);
    }
  });

  it('void says a charge pending 3-D Secure cannot be cancelled and fails after the window', () => {
    const payments = parsed.find(({file}) => file === 'openapi/payments.yaml')?.spec;
    const description = payments?.paths['/v2/charges/{ch_id}/void']?.post?.description ?? '';
    assert.match(description, /A `pending` charge[^.]*cannot be voided or cancelled/);
    assert.match(description, new RegExp(`fails by itself ${facts.authorisation.pendingThreeDSecureMinutes} minutes after it was created`));
  });
});
