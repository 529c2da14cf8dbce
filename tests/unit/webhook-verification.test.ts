/**
 * The signature verification code on /guides/developer-guide/webhooks, run as
 * the page shows it: the Node.js and Python blocks are cut out of the page, so
 * the page and this test cannot drift apart. Each runs against fixed vectors
 * signed here with Node's own HMAC: a valid signature (and a rotated pair)
 * passes; a changed body, a wrong secret, an old or future timestamp and a
 * malformed header fail.
 *
 * Then the known-answer vector the contract page publishes
 * (packages/model/src/webhookSignatureVector.ts): its header is recomputed from its
 * secret, timestamp and body, and every verifier on the site (the guide's
 * Node.js and Python code, and the in-page verifier's src/utils/webhookVerification.ts)
 * accepts it and refuses it with one byte of the body changed, a wrong secret
 * or an expired timestamp.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {createHmac} from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {after, before, describe, it} from 'node:test';
import {extractCodeBlocks} from '../../scripts/check-samples';
import {facts} from '@zip/model/facts';
import {webhookSignatureVector as knownAnswer} from '@zip/model/webhookSignatureVector';
import {diagnose} from '../../src/utils/webhookVerification';

const guide = 'guides/developer-guide/webhooks.mdx';
const secret = 'whsec_4eC39HqLyjWDarjtT1zdp7dcQfM2Kx8N';
const nextSecret = 'whsec_9pLmQ2Xc7TbR4nKw8sVd1GhZyE6aJ3Fo';
const signedAt = 1_715_656_545;
const tolerance = facts.webhooks.signatureToleranceSeconds;
const body = JSON.stringify({
  id: 'evt_1VnKx0a8DbQ2tRCe7uMzW4yH',
  object: 'event',
  type: 'charge.succeeded',
  livemode: false,
  data: {object: {id: 'ch_N87dOaNZrbnfElnMJLBnmoJi', object: 'charge', amount: 150000, description: 'Café order'}},
});

function sign(payload: string, key: string, timestamp = signedAt): string {
  return createHmac('sha256', key).update(`${timestamp}.${payload}`).digest('hex');
}

interface Vector {
  readonly name: string;
  readonly body: string;
  readonly header: string;
  readonly now: number;
  readonly valid: boolean;
}

const valid = `t=${signedAt},v1=${sign(body, secret)}`;
const vectors: readonly Vector[] = [
  {name: 'a valid signature', body, header: valid, now: signedAt + 2, valid: true},
  {name: 'a valid signature at the edge of the tolerance', body, header: valid, now: signedAt + tolerance, valid: true},
  {
    name: 'two signatures during a secret rotation',
    body,
    header: `t=${signedAt},v1=${sign(body, nextSecret)},v1=${sign(body, secret)}`,
    now: signedAt,
    valid: true,
  },
  {name: 'a changed body', body: body.replace('150000', '15000'), header: valid, now: signedAt, valid: false},
  {
    name: 'a body re-serialised with other spacing',
    body: JSON.stringify(JSON.parse(body), null, 2),
    header: valid,
    now: signedAt,
    valid: false,
  },
  {
    name: 'a wrong secret',
    body,
    header: `t=${signedAt},v1=${sign(body, 'whsec_wrongwrongwrongwrongwrongwrong')}`,
    now: signedAt,
    valid: false,
  },
  {name: 'an old timestamp', body, header: valid, now: signedAt + tolerance + 1, valid: false},
  {name: 'a timestamp from the future', body, header: valid, now: signedAt - tolerance - 1, valid: false},
  {name: 'a timestamp changed after signing', body, header: `t=${signedAt + 1},v1=${sign(body, secret)}`, now: signedAt, valid: false},
  {name: 'no v1 signature', body, header: `t=${signedAt}`, now: signedAt, valid: false},
  {name: 'no timestamp', body, header: `v1=${sign(body, secret)}`, now: signedAt, valid: false},
  {name: 'an empty header', body, header: '', now: signedAt, valid: false},
];

const vectorFile = 'packages/model/src/webhookSignatureVector.ts';
/** One byte of the body changed: the first digit of the amount. */
const changedBody = knownAnswer.body.replace('"amount":150000', '"amount":250000');
const knownAnswerVectors: readonly (Vector & {readonly secret: string})[] = [
  {
    name: `${vectorFile}: the vector`,
    body: knownAnswer.body,
    header: knownAnswer.header,
    now: knownAnswer.timestamp,
    valid: true,
    secret: knownAnswer.secret,
  },
  {
    name: `${vectorFile}: one byte of the body changed`,
    body: changedBody,
    header: knownAnswer.header,
    now: knownAnswer.timestamp,
    valid: false,
    secret: knownAnswer.secret,
  },
  {
    name: `${vectorFile}: a wrong secret`,
    body: knownAnswer.body,
    header: knownAnswer.header,
    now: knownAnswer.timestamp,
    valid: false,
    secret: secret,
  },
  {
    name: `${vectorFile}: an expired timestamp`,
    body: knownAnswer.body,
    header: knownAnswer.header,
    now: knownAnswer.timestamp + tolerance + 1,
    valid: false,
    secret: knownAnswer.secret,
  },
];

/** The code block of the guide with this title, exactly as the page shows it. */
function codeBlock(title: string): string {
  const blocks = extractCodeBlocks(readFileSync(guide, 'utf8')).filter((block) => block.title === title);
  assert.equal(blocks.length, 1, `${guide} has one code block titled ${title}`);
  return blocks[0]?.text ?? '';
}

describe('webhook signature verification from the guide', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'zip-webhooks-'));
  });
  after(() => {
    rmSync(dir, {recursive: true, force: true});
  });

  it('Node.js: verify-webhook.mjs accepts valid signatures and refuses the rest', async () => {
    const file = path.join(dir, 'verify-webhook.mjs');
    writeFileSync(file, codeBlock('verify-webhook.mjs'));
    const module = (await import(pathToFileURL(file).href)) as {
      TOLERANCE_SECONDS: number;
      verifyZipSignature: (rawBody: Buffer, header: string, key: string, now: number) => boolean;
    };
    assert.equal(module.TOLERANCE_SECONDS, tolerance, 'the code uses the tolerance the delivery contract states');
    for (const vector of vectors) {
      assert.equal(module.verifyZipSignature(Buffer.from(vector.body), vector.header, secret, vector.now), vector.valid, vector.name);
    }
    for (const vector of knownAnswerVectors) {
      assert.equal(
        module.verifyZipSignature(Buffer.from(vector.body), vector.header, vector.secret, vector.now),
        vector.valid,
        vector.name,
      );
    }
  });

  it('Python: verify_webhook.py accepts valid signatures and refuses the rest', () => {
    writeFileSync(path.join(dir, 'verify_webhook.py'), codeBlock('verify_webhook.py'));
    const driver = [
      'import json, sys',
      'from verify_webhook import TOLERANCE_SECONDS, verify_zip_signature',
      'data = json.load(sys.stdin)',
      'results = [verify_zip_signature(v["body"].encode("utf-8"), v["header"], v.get("secret", data["secret"]), v["now"]) for v in data["vectors"]]',
      'print(json.dumps({"tolerance": TOLERANCE_SECONDS, "results": results}))',
    ].join('\n');
    const run = spawnSync('python3', ['-c', driver], {
      cwd: dir,
      input: JSON.stringify({secret, vectors: [...vectors, ...knownAnswerVectors]}),
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, `python3 failed:\n${run.stderr}`);
    const output = JSON.parse(run.stdout) as {tolerance: number; results: boolean[]};
    assert.equal(output.tolerance, tolerance, 'the code uses the tolerance the delivery contract states');
    [...vectors, ...knownAnswerVectors].forEach((vector, index) => assert.equal(output.results[index], vector.valid, vector.name));
  });
});

describe('the known-answer vector of /api/webhooks', () => {
  it('its header is the HMAC-SHA256 of its timestamp and body, keyed with its secret', () => {
    const v1 = createHmac('sha256', knownAnswer.secret).update(`${knownAnswer.timestamp}.${knownAnswer.body}`, 'utf8').digest('hex');
    assert.equal(
      knownAnswer.header,
      `t=${knownAnswer.timestamp},v1=${v1}`,
      `${vectorFile}: header is not the signature of its secret, timestamp and body`,
    );
  });

  it("is the example of every spec's Zip-Signature header, so the event pages show a header that verifies", () => {
    for (const spec of ['payments', 'checkout', 'links', 'requests']) {
      const file = `openapi/${spec}.yaml`;
      const examples = [...readFileSync(file, 'utf8').matchAll(/^\s+example: (t=\d+,v1=[0-9a-f]{64})$/gm)].map((match) => match[1]);
      assert.deepEqual(examples, [knownAnswer.header], `${file}: the ZipSignature header's example is not ${vectorFile}'s header`);
    }
  });

  it('its secret is clearly a test one, and its body has a byte outside ASCII', () => {
    assert.match(knownAnswer.secret, /^whsec_test_/, `${vectorFile}: secret`);
    assert.ok(Buffer.byteLength(knownAnswer.body) > knownAnswer.body.length, `${vectorFile}: body is all ASCII`);
  });

  it("the in-page verifier's code (src/utils/webhookVerification.ts) gives each outcome its reason", async () => {
    const check = (vector: (typeof knownAnswerVectors)[number]) =>
      diagnose({header: vector.header, body: vector.body, secret: vector.secret, now: vector.now, toleranceSeconds: tolerance});
    const [valid, changed, wrongSecret, expired] = await Promise.all(knownAnswerVectors.map(check));
    assert.deepEqual(valid, {outcome: 'valid', matched: 0, count: 1, ageSeconds: 0}, knownAnswerVectors[0]?.name);
    assert.deepEqual(changed, {outcome: 'no-match', count: 1}, knownAnswerVectors[1]?.name);
    assert.deepEqual(wrongSecret, {outcome: 'no-match', count: 1}, knownAnswerVectors[2]?.name);
    assert.deepEqual(expired, {outcome: 'outside-tolerance', matched: 0, count: 1, ageSeconds: tolerance + 1}, knownAnswerVectors[3]?.name);
    const base = {secret: knownAnswer.secret, now: knownAnswer.timestamp, toleranceSeconds: tolerance};
    const pretty = JSON.stringify(JSON.parse(knownAnswer.body), null, 2);
    assert.deepEqual(await diagnose({...base, header: knownAnswer.header, body: pretty}), {
      outcome: 'no-match',
      count: 1,
      matchingBody: 'the body as compact JSON',
    });
    assert.deepEqual(await diagnose({...base, header: `Zip-Signature: ${knownAnswer.header}`, body: knownAnswer.body}), {
      outcome: 'valid',
      matched: 0,
      count: 1,
      ageSeconds: 0,
    });
    for (const header of [
      '',
      `t=${knownAnswer.timestamp}`,
      knownAnswer.header.replace(/^t=\d+,/, ''),
      `${knownAnswer.header.slice(0, -1)}`,
      'nonsense',
    ]) {
      assert.equal((await diagnose({...base, header, body: knownAnswer.body})).outcome, 'malformed', `header ${JSON.stringify(header)}`);
    }
  });
});
