/**
 * The sample check against the real specs, with small inline pages. Each failing case asserts the
 * line the problem is reported on (found with `lineOf`, so the pages stay readable) and that the
 * reason names the operation and the field.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import {checkMarkdown, findPages, isRequestTitle, loadSpecs, matchOperation, parseLiteral, type Problem} from '../../scripts/check-samples';

const specs = loadSpecs(path.join(import.meta.dirname, '../../openapi'));

const FENCE = '```';
const SOURCE_ID = 'src_8kT2mN5pQ7rS9uV1wX3yZ4aB';
const CHARGE_ID = 'ch_4fQ9dX2mJ7kL8pR3sT6vW1yZ';

function page(...lines: string[]): string {
  return ['---', 'title: Test page', '---', '', ...lines].join('\n');
}

function check(source: string): Problem[] {
  return checkMarkdown(source, 'guides/test.mdx', specs).problems;
}

/** The 1-based line of the first line of `source` containing `text`. */
function lineOf(source: string, text: string): number {
  const index = source.split('\n').findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `test page has no line with ${text}`);
  return index + 1;
}

/** Asserts exactly one problem, on `line`, whose reason matches every pattern. */
function assertOneProblem(problems: Problem[], line: number, ...patterns: RegExp[]): void {
  assert.equal(problems.length, 1, `expected one problem, got:\n${problems.map((p) => `${p.line}: ${p.reason}`).join('\n')}`);
  const [problem] = problems;
  assert.equal(problem?.file, 'guides/test.mdx');
  assert.equal(problem?.line, line, problem?.reason);
  for (const pattern of patterns) assert.match(problem?.reason ?? '', pattern);
}

function curlCreateCharge(body: string): string {
  return page(
    '## Create a charge',
    '',
    `${FENCE}bash title="Create a charge"`,
    'curl https://api.example.com/v2/charges \\',
    '  -u sk_test_51HxZipExampleKey4eC39HqLyjWDarjtT1zdp7dc: \\',
    '  -H "Idempotency-Key: 6f1c2a0e-8d4b-4a8e-9a53-2f7d1e4b9c10" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '${body}'`,
    FENCE,
  );
}

describe('check-samples: curl', () => {
  it('passes a correct create-charge call and its response', () => {
    const source = [
      curlCreateCharge(`{"amount": 125000, "currency": "PHP", "source": "${SOURCE_ID}", "description": "Order 1042"}`),
      '',
      `${FENCE}json title="201 Created"`,
      `{"id": "${CHARGE_ID}", "object": "charge", "amount": 125000, "currency": "PHP", "status": "succeeded",`,
      ' "captured_at": "2024-05-14T03:15:44Z", "failure_code": null}',
      FENCE,
    ].join('\n');
    const report = checkMarkdown(source, 'guides/test.mdx', specs);
    assert.deepEqual(report.problems, []);
    assert.equal(report.samples, 2);
  });

  it('fails a path no spec has, suggesting the closest', () => {
    const source = page(FENCE + 'bash', `curl https://api.example.com/v2/charge/${CHARGE_ID} -u sk_test_x:`, FENCE);
    assertOneProblem(check(source), lineOf(source, 'curl'), /GET \/v2\/charge\//, /no operation/, /did you mean \/v2\/charges\/\{ch_id\}/);
  });

  it('fails a method the path does not have', () => {
    const source = page(FENCE + 'bash', `curl -X DELETE https://api.example.com/v2/charges/${CHARGE_ID} -u sk_test_x:`, FENCE);
    assertOneProblem(check(source), lineOf(source, 'curl'), /DELETE/, /\/v2\/charges\/\{ch_id\} has no DELETE operation \(it has GET\)/);
  });

  it('fails a body without a required field', () => {
    const source = curlCreateCharge('{"amount": 125000, "currency": "PHP"}');
    assertOneProblem(check(source), lineOf(source, '-d '), /^POST \/v2\/charges: body is missing required field "source"$/);
  });

  it('fails an unknown field on its own line, suggesting the right name', () => {
    const source = curlCreateCharge(`{\n    "amout": 125000,\n    "source": "${SOURCE_ID}"\n  }`);
    assertOneProblem(
      check(source),
      lineOf(source, '"amout"'),
      /POST \/v2\/charges: body field "amout" is not in the request schema \(did you mean "amount"\?\)/,
    );
  });

  it('fails a value outside the enum', () => {
    const source = curlCreateCharge(`{"amount": 125000, "currency": "EUR", "source": "${SOURCE_ID}"}`);
    assertOneProblem(check(source), lineOf(source, '-d '), /body field "currency" is "EUR", expected one of: PHP, USD/);
  });

  it('fails a value of the wrong type', () => {
    const source = curlCreateCharge(`{"amount": "125000", "source": "${SOURCE_ID}"}`);
    assertOneProblem(check(source), lineOf(source, '-d '), /body field "amount" is a string \("125000"\), expected integer/);
  });

  it('fails a body that is not valid JSON, on the line of the error', () => {
    const source = curlCreateCharge(`{\n    "amount": 125000,\n    "source": "${SOURCE_ID}",\n  }`);
    assertOneProblem(check(source), lineOf(source, `"source": "${SOURCE_ID}",`), /does not parse: trailing comma/);
  });

  it('checks path parameters, query parameters and the Idempotency-Key header', () => {
    const source = page(
      FENCE + 'bash',
      'curl https://api.example.com/v2/charges/ch_123 -u sk_test_x:',
      'curl "https://api.example.com/v2/charges?limt=3&status=complete" -u sk_test_x:',
      `curl https://api.example.com/v2/charges/${CHARGE_ID} -H "Idempotency-Key: abc" -u sk_test_x:`,
      FENCE,
    );
    const problems = check(source);
    assert.deepEqual(
      problems.map((problem) => [problem.line, problem.reason]),
      [
        [
          lineOf(source, 'ch_123'),
          'GET /v2/charges/{ch_id}: path parameter ch_id is "ch_123", which does not match the pattern ^ch_[A-Za-z0-9]{24}$',
        ],
        [lineOf(source, 'limt'), 'GET /v2/charges: query parameter "limt" is not defined for this operation (did you mean "limit"?)'],
        [
          lineOf(source, 'limt'),
          'GET /v2/charges: query parameter status is "complete", expected one of: pending, authorised, succeeded, partially_refunded, refunded, failed, voided',
        ],
        [
          lineOf(source, 'Idempotency-Key: abc'),
          'GET /v2/charges/{ch_id}: sends an Idempotency-Key header, which only POST operations take',
        ],
      ],
    );
  });

  it('prefers literal path segments and accepts placeholders and shell variables', () => {
    const source = page(
      FENCE + 'bash',
      'ZIP_API=https://api.example.com',
      'curl "$ZIP_API/v2/customers/by-email/maria%40example.com" -u "$ZIP_SECRET_KEY:"',
      'curl https://api.example.com/v2/charges/ch_… -u sk_test_x:',
      'curl https://api.example.com/v2/customers/$CUSTOMER_ID/sources \\',
      `  -d '{"source": "<source id>"}'`,
      FENCE,
    );
    assert.deepEqual(check(source), []);
    const byEmail = matchOperation(specs, 'GET', '/v2/customers/by-email/sources');
    assert.equal(byEmail.kind === 'found' ? byEmail.operation.template : byEmail.kind, '/v2/customers/by-email/{email}');
  });

  it('reads a heredoc body sent with -d @-', () => {
    const source = page(
      FENCE + 'bash',
      "curl https://api.example.com/v2/customers -u sk_test_x: -d @- <<'EOF'",
      '{',
      '  "email": "maria@example",',
      '  "name": "Maria Santos"',
      '}',
      'EOF',
      FENCE,
    );
    assertOneProblem(
      check(source),
      lineOf(source, '"email"'),
      /POST \/v2\/customers: body field "email" is "maria@example", which is not a valid email/,
    );
  });
});

describe('check-samples: JSON blocks', () => {
  const retrieveCharge = [
    '## Retrieve a charge',
    '',
    FENCE + 'bash',
    `curl https://api.example.com/v2/charges/${CHARGE_ID} -u sk_test_x:`,
    FENCE,
    '',
  ];

  it('fails a response example with a status outside the enum, naming the call it answers', () => {
    const source = page(
      ...retrieveCharge,
      `${FENCE}json title="200 OK"`,
      '{',
      `  "id": "${CHARGE_ID}",`,
      '  "object": "charge",',
      '  "status": "complete"',
      '}',
      FENCE,
    );
    assertOneProblem(
      check(source),
      lineOf(source, '"status"'),
      /^GET \/v2\/charges\/\{ch_id\}: response field "status" is "complete", expected one of: pending, authorised, succeeded/,
    );
  });

  it('fails JSON that does not parse, on the line of the error', () => {
    const source = page(`${FENCE}json`, '{', '  "object": "charge",', '  "amount": 125000,', '}', FENCE);
    assertOneProblem(check(source), lineOf(source, '"amount": 125000,'), /^JSON does not parse: trailing comma/);
  });

  it('checks an error body against the error schema', () => {
    const source = page(...retrieveCharge, `${FENCE}json`, '{"error": {"type": "not_found_error", "code": "charge_missing"}}', FENCE);
    assertOneProblem(
      check(source),
      lineOf(source, 'charge_missing'),
      /GET \/v2\/charges\/\{ch_id\} \(error response\): response field "error.code" is "charge_missing"/,
    );
  });

  it('checks a JSON block without a call by the resource its "object" names', () => {
    const source = page(
      '## The charge object',
      '',
      `${FENCE}json`,
      '{"object": "charge", "amount": 125000, "refund_reason": "duplicate"}',
      FENCE,
      '',
      `${FENCE}json title="Anything else only has to parse"`,
      '{"hello": "world"}',
      FENCE,
    );
    assertOneProblem(
      check(source),
      lineOf(source, 'refund_reason'),
      /Charge example: response field "refund_reason" is not in the Charge schema/,
    );
  });

  it('does not carry a call into the next H2 section', () => {
    const source = page(...retrieveCharge, '## Something else', '', `${FENCE}json`, '{"status": "complete"}', FENCE);
    assert.deepEqual(check(source), []);
  });

  it('checks a block titled as a request body as a complete request', () => {
    const source = page(
      ...retrieveCharge.slice(0, 1),
      `${FENCE}json title="Request body"`,
      '{"amount": 125000}',
      FENCE,
      '',
      FENCE + 'bash',
      `curl https://api.example.com/v2/charges -u sk_test_x: -d '{"amount": 125000, "source": "${SOURCE_ID}"}'`,
      FENCE,
    );
    assertOneProblem(check(source), lineOf(source, '{"amount": 125000}'), /POST \/v2\/charges: body is missing required field "source"/);
    assert.equal(isRequestTitle('201 — the new request'), false);
    assert.equal(isRequestTitle('A payment request'), false);
  });
});

describe('check-samples: Node.js and Python', () => {
  it('fails a fetch() body field, on its line', () => {
    const source = page(
      `${FENCE}js title="charge.mjs"`,
      "const response = await fetch('https://api.example.com/v2/charges', {",
      "  method: 'POST',",
      "  headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},",
      '  body: JSON.stringify({',
      '    amount: 125_000,',
      `    source: '${SOURCE_ID}',`,
      "    capture: 'yes',",
      '  }),',
      '});',
      FENCE,
    );
    assertOneProblem(
      check(source),
      lineOf(source, "capture: 'yes'"),
      /^POST \/v2\/charges: body field "capture" is a string \("yes"\), expected boolean$/,
    );
  });

  it('reads template-literal URLs and skips bodies built from variables', () => {
    const source = page(
      FENCE + 'ts',
      "const API = 'https://api.example.com';",
      'await fetch(`${API}/v2/charges/${chargeId}/refund`, {',
      "  method: 'POST',",
      '  body: JSON.stringify({amount: refundAmount, reason: reason}),',
      '});',
      'await fetch(`${API}/v2/charges/${chargeId}/refunds`, {method: "POST"});',
      FENCE,
    );
    assertOneProblem(
      check(source),
      lineOf(source, '/refunds`'),
      /POST \/v2\/charges\/\{…\}\/refunds: no operation/,
      /did you mean \/v2\/charges\/\{ch_id\}\/refund\?/,
    );
  });

  it('fails a requests.post() body field, on its line', () => {
    const source = page(
      FENCE + 'python',
      'import requests',
      '',
      'BASE_URL = "https://api.example.com"',
      'response = requests.post(',
      '    f"{BASE_URL}/v2/customers",',
      '    auth=(secret_key, ""),',
      '    json={',
      "        'email': 'maria.santos@example.com',",
      "        'nmae': 'Maria',",
      '        "metadata": {"vip": True},',
      '    },',
      ')',
      FENCE,
    );
    const problems = check(source);
    assert.deepEqual(
      problems.map((problem) => [problem.line, problem.reason]),
      [
        [lineOf(source, 'nmae'), 'POST /v2/customers: body field "nmae" is not in the request schema (did you mean "name"?)'],
        [lineOf(source, '"vip"'), 'POST /v2/customers: body field "metadata.vip" is a boolean (true), expected string'],
      ],
    );
  });

  it('passes a correct Python call with placeholders and params', () => {
    const source = page(
      FENCE + 'py',
      'requests.get("https://api.example.com/v2/charges", params={"limit": 3, "status": "succeeded"}, auth=(key, ""))',
      `requests.post(f"https://api.example.com/v2/charges/{charge_id}/refund", json={"amount": 5000, "reason": "duplicate"})`,
      FENCE,
    );
    assert.deepEqual(check(source), []);
  });
});

describe('check-samples: parsing and pages', () => {
  it('converts JavaScript and Python literals, and refuses expressions', () => {
    const js = parseLiteral("{amount: 1_000, 'currency': 'PHP', tags: ['a', \"b\",], ok: true, none: null,}", 'js');
    assert.deepEqual(js.kind === 'value' ? js.value : js.kind, {amount: 1000, currency: 'PHP', tags: ['a', 'b'], ok: true, none: null});
    const python = parseLiteral("{'capture': False, \"customer\": None, 'n': -2.5}", 'python');
    assert.deepEqual(python.kind === 'value' ? python.value : python.kind, {capture: false, customer: null, n: -2.5});
    assert.equal(parseLiteral('{amount: total * 100}', 'js').kind, 'not-literal');
    assert.equal(parseLiteral("{'source': source_id}", 'python').kind, 'not-literal');
    assert.equal(parseLiteral("{'a': 1}", 'json').kind, 'syntax-error');
  });

  it('finds hand-written pages and skips generated ones', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'check-samples-'));
    try {
      mkdirSync(path.join(root, 'api/core/charges'), {recursive: true});
      mkdirSync(path.join(root, 'guides'));
      for (const file of [
        'api/intro.mdx',
        'api/core/charges/charges-intro.mdx',
        'api/core/charges/create-charge.api.mdx',
        'api/x.info.mdx',
        'api/x.tag.mdx',
        'api/x.schema.mdx',
        'api/core/charges/sidebar.ts',
        'guides/a.md',
      ]) {
        writeFileSync(path.join(root, file), '');
      }
      assert.deepEqual(findPages(root, ['guides', 'api', 'missing']), [
        'api/core/charges/charges-intro.mdx',
        'api/intro.mdx',
        'guides/a.md',
      ]);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});

describe('check-samples: more ways of writing a call', () => {
  it('reads only the prompted lines of a console block, and -G query data', () => {
    const source = page(
      FENCE + 'console',
      '$ curl -G https://api.example.com/v2/charges -d status=complete \\',
      '    -u sk_test_x:',
      '{"object": "list", "data": []}',
      `$ curl -X DELETE https://api.example.com/v2/charges/${CHARGE_ID}`,
      FENCE,
    );
    assert.deepEqual(
      check(source).map((problem) => [problem.line, problem.reason]),
      [
        [
          lineOf(source, '-G'),
          'GET /v2/charges: query parameter status is "complete", expected one of: pending, authorised, succeeded, partially_refunded, refunded, failed, voided',
        ],
        [lineOf(source, 'DELETE'), `DELETE /v2/charges/${CHARGE_ID}: /v2/charges/{ch_id} has no DELETE operation (it has GET)`],
      ],
    );
  });

  it('fails form data and unserialised objects, and does not guess a body from **kwargs', () => {
    const source = page(
      FENCE + 'python',
      'requests.post("https://api.example.com/v2/customers", data={"email": "maria@example.com"})',
      'requests.post("https://api.example.com/v2/customers", **options)',
      FENCE,
      '',
      FENCE + 'js',
      "fetch('https://api.example.com/v2/customers', {method: 'POST', body: {email: 'maria@example.com'}});",
      FENCE,
    );
    assert.deepEqual(
      check(source).map((problem) => [problem.line, problem.reason]),
      [
        [
          lineOf(source, 'data='),
          'POST /v2/customers: the request body is sent as form data (data=); send json= instead; Zip APIs take JSON (Content-Type: application/json)',
        ],
        [
          lineOf(source, 'body: {'),
          'POST /v2/customers: the request body is an object literal that fetch sends as "[object Object]"; wrap it in JSON.stringify(); Zip APIs take JSON (Content-Type: application/json)',
        ],
      ],
    );
  });

  it('reads Python keyword arguments that follow a comment', () => {
    const source = page(
      FENCE + 'python',
      'response = requests.post(',
      '    "https://api.example.com/v2/customers",',
      '    auth=(key, ""),  # key as user name',
      '    headers={"Idempotency-Key": idempotency_key},  # one per operation',
      '    json={"email": "maria@example", "name": "Maria Santos"},',
      ')',
      FENCE,
    );
    assertOneProblem(
      check(source),
      lineOf(source, 'json='),
      /^POST \/v2\/customers: body field "email" is "maria@example", which is not a valid email$/,
    );
  });

  it('fails a card number that packages/model/src/testValues.ts does not list', () => {
    const source = page(FENCE + 'json', '{"card": {"number": "4000056655665556"}}', FENCE);
    assertOneProblem(
      check(source),
      lineOf(source, '4000056655665556'),
      /^card number 4000056655665556 is not a test card: use one listed in packages\/model\/src\/testValues\.ts/,
    );
  });

  it("fails a secret key other than the sample key, which the reader's own key could not replace", () => {
    const source = curlCreateCharge(`{"amount": 125000, "currency": "PHP", "source": "${SOURCE_ID}"}`).replace(
      'sk_test_51HxZipExampleKey4eC39HqLyjWDarjtT1zdp7dc',
      'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
    );
    assertOneProblem(
      check(source),
      lineOf(source, '-u sk_test_'),
      /^secret key sk_test_4eC39HqLyjWDarjtT1zdp7dc is not the sample key sk_test_51Hx\w+ \(packages\/model\/src\/testValues\.ts\)/,
    );
    assert.deepEqual(
      check(curlCreateCharge(`{"amount": 125000, "currency": "PHP", "source": "${SOURCE_ID}"}`)).filter((problem) =>
        /secret key/.test(problem.reason),
      ),
      [],
    );
  });
});
