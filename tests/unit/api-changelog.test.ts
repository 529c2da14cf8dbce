/**
 * The API changelog check (scripts/api-changelog/), on throwaway changes to
 * a copy of the Payment Links spec in memory: a change without an entry fails
 * naming the operation, a breaking change needs `breaking: true`, and the
 * diff library classifies the changes Zip's promise is about as it should.
 * Also: the committed changelog passes against the committed snapshot.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import {apiChangelog, unreleased, type ApiChangelogEntry} from '@zip/model/apiChangelog';
import {changelogProblems, entriesInForce, type SpecVersions} from '../../scripts/api-changelog/check';
import {specChanges} from '../../scripts/api-changelog/diff';
import {publishedEntryCount, specVersions} from '../../scripts/api-changelog/specs';
import {withChangedOn} from '../../plugins/api-reference/changed-on';

type Spec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tests reach into the spec freely

const publishedLinks = yaml.load(readFileSync('openapi/links.yaml', 'utf8')) as Spec;

/** The links spec after `change`, beside the spec as published. */
function linksChangedBy(change: (spec: Spec) => void): SpecVersions[] {
  const current = structuredClone(publishedLinks);
  change(current);
  return [{api: 'links', file: 'openapi/links.yaml', published: publishedLinks, current}];
}

const published: ApiChangelogEntry = {date: '2026-11-21', apis: ['links'], summary: 'First publication.'};

const addStatusFilter = (spec: Spec): void => {
  spec.paths['/v1/links'].get.parameters.push({name: 'usage', in: 'query', required: false, schema: {type: 'string'}});
};
const removePaymentsCount = (spec: Spec): void => {
  const link = spec.components.schemas.PaymentLink;
  delete link.properties.payments_count;
  link.required = link.required.filter((name: string) => name !== 'payments_count');
};
/** The operations and events sending a payment link: each one loses `payments_count` with the schema. */
const linkOperations = [
  'createLink',
  'listLinks',
  'retrieveLink',
  'updateLink',
  'deactivateLink',
  'activateLink',
  'paymentLinkPaidEvent',
  'paymentLinkDeactivatedEvent',
  'paymentLinkActivatedEvent',
];

describe('API changelog check', () => {
  it('passes the committed changelog against the committed snapshot', () => {
    assert.deepEqual(changelogProblems(apiChangelog, specVersions(process.cwd()), publishedEntryCount(process.cwd())), []);
  });

  it('fails a change with no entry, naming the spec and the operation', () => {
    const problems = changelogProblems([published], linksChangedBy(addStatusFilter));
    assert.equal(problems.length, 1);
    assert.match(
      problems[0] ?? '',
      /^openapi\/links\.yaml: listLinks \(GET \/v1\/links\) changed since it was published, but no entry added to packages\/model\/src\/apiChangelog\.ts since then names it/,
    );
    assert.match(problems[0] ?? '', /\[Added\] optional query parameter `usage`/);
  });

  it('passes the same change with an unreleased entry naming the operation', () => {
    const entry: ApiChangelogEntry = {date: unreleased, apis: ['links'], operations: ['listLinks'], summary: 'Filter by usage.'};
    assert.deepEqual(changelogProblems([entry, published], linksChangedBy(addStatusFilter)), []);
  });

  it('does not count an entry older than the latest', () => {
    const older: ApiChangelogEntry = {date: '2026-11-20', apis: ['links'], operations: ['listLinks'], summary: 'Filter by usage.'};
    const problems = changelogProblems([published, older], linksChangedBy(addStatusFilter));
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /listLinks/);
    assert.deepEqual(entriesInForce([published, older]), [published]);
  });

  it('after a publication, counts only the entries added since: an entry already published does not cover a new change', () => {
    const shipped: ApiChangelogEntry = {date: '2026-11-26', apis: ['links'], operations: ['listLinks'], summary: 'Created filters.'};
    const problems = changelogProblems([shipped, published], linksChangedBy(addStatusFilter), 2);
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /^openapi\/links\.yaml: listLinks \(GET \/v1\/links\) changed since it was published/);
    const added: ApiChangelogEntry = {date: unreleased, apis: ['links'], operations: ['listLinks'], summary: 'Filter by usage.'};
    assert.deepEqual(changelogProblems([added, shipped, published], linksChangedBy(addStatusFilter), 2), []);
    assert.deepEqual(entriesInForce([added, shipped, published], 2), [added]);
  });

  it('fails a breaking change whose entry does not say breaking: true, naming each operation', () => {
    const entry: ApiChangelogEntry = {date: unreleased, apis: ['links'], operations: linkOperations, summary: 'payments_count removed.'};
    const problems = changelogProblems([entry, published], linksChangedBy(removePaymentsCount));
    assert.equal(problems.length, linkOperations.length);
    assert.match(
      problems[0] ?? '',
      /^openapi\/links\.yaml: createLink \(POST \/v1\/links\) has a breaking change \(.*`payments_count`.*\), but the entry naming it does not say breaking: true/,
    );
    for (const operation of linkOperations)
      assert.ok(
        problems.some((problem) => problem.includes(`: ${operation} (`)),
        operation,
      );
  });

  it('passes the breaking change with an entry that says breaking: true', () => {
    const entry: ApiChangelogEntry = {
      date: unreleased,
      apis: ['links'],
      operations: linkOperations,
      schemas: ['PaymentLink'],
      summary: 'payments_count removed.',
      breaking: true,
    };
    assert.deepEqual(changelogProblems([entry, published], linksChangedBy(removePaymentsCount)), []);
  });

  it('fails an entry naming an operation no spec has, and a malformed date', () => {
    const entry: ApiChangelogEntry = {date: '21 Nov 2026', apis: ['links'], operations: ['listLink'], summary: 'Typo.'};
    const problems = changelogProblems(
      [entry],
      linksChangedBy(() => {}),
    );
    assert.deepEqual(problems, [
      'packages/model/src/apiChangelog.ts: entry 1 (21 Nov 2026, links): date "21 Nov 2026" is neither YYYY-MM-DD nor "unreleased".',
      'packages/model/src/apiChangelog.ts: entry 1 (21 Nov 2026, links): no operation "listLink" in openapi/links.yaml.',
    ]);
  });
});

describe('API changelog: what counts as breaking', () => {
  const classify = (change: (spec: Spec) => void, operationId: string): 'breaking' | 'additive' | 'unchanged' => {
    const found = specChanges(publishedLinks, linksChangedBy(change)[0]?.current ?? {}).operations.find(
      (operation) => operation.operationId === operationId,
    );
    if (!found) return 'unchanged';
    return found.breaking.length > 0 ? 'breaking' : 'additive';
  };

  it('a removed or renamed response field is breaking', () => {
    assert.equal(classify(removePaymentsCount, 'retrieveLink'), 'breaking');
    const rename = (spec: Spec): void => {
      const link = spec.components.schemas.PaymentLink;
      link.properties.paid_count = link.properties.payments_count;
      removePaymentsCount(spec);
      link.required.push('paid_count');
    };
    assert.equal(classify(rename, 'retrieveLink'), 'breaking');
  });

  it('a new required parameter is breaking; a new optional one is not', () => {
    const required = (spec: Spec): void => {
      spec.paths['/v1/links'].get.parameters.push({name: 'usage', in: 'query', required: true, schema: {type: 'string'}});
    };
    assert.equal(classify(required, 'listLinks'), 'breaking');
    assert.equal(classify(addStatusFilter, 'listLinks'), 'additive');
  });

  it('a narrowed request enum and a changed field type are breaking', () => {
    const narrowed = (spec: Spec): void => {
      spec.components.schemas.LinkUsage.enum = ['reusable'];
    };
    assert.equal(classify(narrowed, 'createLink'), 'breaking');
    const retyped = (spec: Spec): void => {
      spec.components.schemas.CreateLinkParams.properties.description.type = 'integer';
    };
    assert.equal(classify(retyped, 'createLink'), 'breaking');
  });

  it("a new field or enum value in a response is additive, as Zip's promise says", () => {
    const newField = (spec: Spec): void => {
      spec.components.schemas.PaymentLink.properties.note = {type: 'string'};
    };
    assert.equal(classify(newField, 'retrieveLink'), 'additive');
    const newValue = (spec: Spec): void => {
      spec.components.schemas.LinkStatus.enum.push('archived');
    };
    assert.equal(classify(newValue, 'retrieveLink'), 'additive');
  });

  it('opening a response enum to any string is additive; an anyOf that still narrows is not', () => {
    const opened = (spec: Spec): void => {
      spec.components.schemas.PaymentLink.properties.status = {
        type: 'string',
        anyOf: [{$ref: '#/components/schemas/LinkStatus'}, {type: 'string', description: 'A status added later.'}],
      };
    };
    assert.equal(classify(opened, 'retrieveLink'), 'additive');
    const narrowed = (spec: Spec): void => {
      spec.components.schemas.PaymentLink.properties.status = {
        type: 'string',
        anyOf: [{$ref: '#/components/schemas/LinkStatus'}, {type: 'string', pattern: '^archived$'}],
      };
    };
    assert.equal(classify(narrowed, 'retrieveLink'), 'breaking');
  });

  it('a code added to an extensible enum (error.code) is an additive change; a new response example is not a change', () => {
    const newCode = (spec: Spec): void => {
      const codes = spec.components.schemas.ErrorCode;
      codes.examples.push('link_archived');
      codes['x-enumDescriptions'].link_archived = 'The link was archived — create a new one.';
    };
    assert.equal(classify(newCode, 'retrieveLink'), 'additive');
    const newExample = (spec: Spec): void => {
      const content = spec.paths['/v1/links/{plink_id}'].get.responses['200'].content['application/json'];
      content.examples = {...content.examples, another: {summary: 'Another link', value: content.example ?? {}}};
    };
    assert.equal(classify(newExample, 'retrieveLink'), 'unchanged');
  });

  it('an event losing a payload field is breaking; a description change is not a change', () => {
    const payload = (spec: Spec): void => {
      removePaymentsCount(spec);
    };
    assert.equal(classify(payload, 'paymentLinkPaidEvent'), 'breaking');
    const described = (spec: Spec): void => {
      spec.paths['/v1/links'].post.description = 'Creates a link.';
    };
    assert.equal(classify(described, 'createLink'), 'unchanged');
  });
});

describe('API changelog: "Changed on" on operation pages', () => {
  const body = [
    '<Heading as={"h1"}>Create a payment link</Heading>',
    '',
    '<MethodEndpoint method={"post"}>',
    '</MethodEndpoint>',
    '',
    'Creates a link.',
  ].join('\n');
  const entries: ApiChangelogEntry[] = [
    {date: unreleased, apis: ['links'], operations: ['createLink'], summary: 'Not yet.'},
    {date: '2026-12-02', apis: ['links'], operations: ['createLink'], summary: 'Second.', breaking: true},
    {date: '2026-12-02', apis: ['checkout'], operations: ['createSession'], summary: 'Same day.'},
    {date: '2026-12-01', apis: ['links'], operations: ['createLink', 'listLinks'], summary: 'First.'},
  ];

  it('says when the latest published entry naming the operation changed it, under the method and path', () => {
    assert.equal(
      withChangedOn(body, 'links', 'createLink', entries),
      body.replace(
        '</MethodEndpoint>',
        '</MethodEndpoint>\n\n_Changed on [2 December 2026](/api/changelog#2026-12-02) (a breaking change)._\n',
      ),
    );
    assert.match(withChangedOn(body, 'links', 'listLinks', entries), /_Changed on \[1 December 2026\]\(\/api\/changelog#2026-12-01\)\._/);
    assert.match(withChangedOn(body, 'checkout', 'createSession', entries), /\(\/api\/changelog#2026-12-02-2\)/);
  });

  it('leaves a page alone when no published entry of its API names it', () => {
    assert.equal(withChangedOn(body, 'links', 'retrieveLink', entries), body);
    assert.equal(withChangedOn(body, 'requests', 'createLink', entries), body);
    assert.equal(withChangedOn(body, 'links', 'createLink', entries.slice(0, 1)), body);
  });
});
