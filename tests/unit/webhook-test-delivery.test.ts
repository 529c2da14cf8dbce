/**
 * The signed test deliveries the event pages build (packages/model/src/webhookDelivery.ts, shown by
 * src/components/WebhookTestDelivery) and the fixture file of WebhookFixtureDownload, run against
 * the receiving guide's own endpoints: server.mjs and the Flask app.py, cut from
 * guides/developer-guide/webhooks.mdx with their verification code and the getting-started
 * client. Each endpoint must accept the curl, Node.js and Python commands, and refuse each of
 * them with one byte of the body changed.
 */
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {connect, createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {after, before, describe, it} from 'node:test';
import {readWebhookEventData} from '../../plugins/api-reference/catalogues';
import {extractCodeBlocks} from '../../scripts/check-samples';
import {sampleSecretKey} from '@zip/model/testValues';
import {buildFixture} from '../../src/utils/webhookFixture';
import {
  curlCommand,
  eventBody,
  nodeScript,
  pythonScript,
  signDelivery,
  signingRecipe,
  type SignedDelivery,
} from '@zip/model/webhookDelivery';

const guide = 'guides/developer-guide/webhooks.mdx';
const gettingStarted = 'guides/developer-guide/getting-started.mdx';
const python = process.env.ZIP_PYTHON ?? '/usr/bin/python3';
const secret = 'whsec_test_DeliveryBuilderTest000000001';
const examples = readWebhookEventData().examples;

/** The block of `page` with this title, exactly as the page shows it. */
function codeBlock(page: string, title: string): string {
  const blocks = extractCodeBlocks(readFileSync(page, 'utf8')).filter((block) => block.title === title);
  assert.equal(blocks.length, 1, `${page} has one code block titled ${title}`);
  return blocks[0]?.text ?? '';
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once something accepts connections on the port; rejects when the server ends first, or does not listen in time. */
async function listening(port: number, server: ChildProcess, output: () => string): Promise<void> {
  let ended = false;
  server.once('exit', () => (ended = true));
  const deadline = Date.now() + 30_000;
  while (!ended && Date.now() < deadline) {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The endpoint ${ended ? 'ended before it listened' : 'did not listen'} on ${port}:\n${output()}`);
}

interface Endpoint {
  readonly name: string;
  readonly url: string;
  readonly process: ChildProcess;
}

/** `delivery` with one byte of its body changed after signing: a character of the event id. */
function tampered(delivery: SignedDelivery): SignedDelivery {
  const index = delivery.body.indexOf('"evt_') + 5;
  assert.ok(index > 5, 'the body has an event id');
  const changed = delivery.body[index] === 'A' ? 'B' : 'A';
  return {...delivery, body: `${delivery.body.slice(0, index)}${changed}${delivery.body.slice(index + 1)}`};
}

describe('signed test deliveries against the receiving guide’s endpoints', () => {
  let dir = '';
  const endpoints: Endpoint[] = [];
  const environment = {...process.env, ZIP_WEBHOOK_SECRET: secret, ZIP_SECRET_KEY: sampleSecretKey};

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'zip-test-delivery-'));
    const server = codeBlock(guide, 'server.mjs');
    assert.equal(server.split('.listen(4242)').length, 2, 'server.mjs listens on 4242, the default URL of the test delivery');
    // The test's own port, so that it runs beside other checks that use 4242.
    writeFileSync(path.join(dir, 'server.mjs'), server.replace('.listen(4242)', '.listen(Number(process.env.PORT))'));
    writeFileSync(path.join(dir, 'verify-webhook.mjs'), codeBlock(guide, 'verify-webhook.mjs'));
    writeFileSync(path.join(dir, 'zip-client.mjs'), codeBlock(gettingStarted, 'zip-client.mjs'));
    writeFileSync(path.join(dir, 'app.py'), codeBlock(guide, 'app.py'));
    writeFileSync(path.join(dir, 'verify_webhook.py'), codeBlock(guide, 'verify_webhook.py'));
    writeFileSync(path.join(dir, 'zip_client.py'), codeBlock(gettingStarted, 'zip_client.py'));
    const starts: [string, string, string[]][] = [
      ['server.mjs', process.execPath, ['server.mjs']],
      ['app.py', python, ['-m', 'flask', '--app', 'app', 'run', '--port']],
    ];
    for (const [name, command, args] of starts) {
      const port = await freePort();
      const child = spawn(command, name === 'app.py' ? [...args, String(port)] : args, {
        cwd: dir,
        env: {...environment, PORT: String(port)},
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      endpoints.push({name, url: `http://127.0.0.1:${port}/zip/webhooks`, process: child});
      await listening(port, child, () => output);
    }
  });

  after(() => {
    for (const endpoint of endpoints) endpoint.process.kill();
    rmSync(dir, {recursive: true, force: true});
  });

  /** Runs one built command; its exit status and what it printed. */
  function run(language: 'curl' | 'node' | 'python', delivery: SignedDelivery): {status: number | null; output: string} {
    const result =
      language === 'curl'
        ? spawnSync('bash', ['-c', curlCommand(delivery)], {encoding: 'utf8'})
        : (() => {
            const file = path.join(dir, language === 'node' ? 'send-test-event.mjs' : 'send_test_event.py');
            writeFileSync(file, language === 'node' ? nodeScript(delivery) : pythonScript(delivery));
            return spawnSync(language === 'node' ? process.execPath : python, [file], {encoding: 'utf8'});
          })();
    return {status: result.status, output: `${result.stdout}${result.stderr}`};
  }

  for (const type of ['charge.succeeded', 'source.chargeable', 'checkout_session.completed', 'payment_link.paid', 'payment_request.paid']) {
    it(`${type}: both endpoints accept the curl, Node.js and Python commands, and refuse them tampered`, async () => {
      for (const endpoint of endpoints) {
        const delivery = await signDelivery(endpoint.url, secret, eventBody(examples[type]), Math.floor(Date.now() / 1000));
        for (const language of ['curl', 'node', 'python'] as const) {
          const accepted = run(language, delivery);
          assert.equal(accepted.status, 0, `${language} to ${endpoint.name}:\n${accepted.output}`);
          assert.match(accepted.output, /HTTP 200/, `${language} to ${endpoint.name} shows the answer`);
          const refused = run(language, tampered(delivery));
          assert.notEqual(refused.status, 0, `${language} to ${endpoint.name}, tampered, must fail:\n${refused.output}`);
          assert.match(refused.output, /HTTP 400/, `${language} to ${endpoint.name}, tampered: the endpoint answers 400`);
        }
      }
    });
  }

  it('the event twins’ shell recipe (openssl and curl) signs a delivery both endpoints accept, and one with the wrong secret they refuse', () => {
    for (const endpoint of endpoints) {
      for (const [key, expected] of [
        [secret, /HTTP 200/],
        [`${secret}x`, /HTTP 400/],
      ] as const) {
        const recipe = signingRecipe(eventBody(examples['charge.succeeded']), endpoint.url).replace(
          /^SECRET='whsec_…'.*$/m,
          `SECRET='${key}'`,
        );
        const result = spawnSync('bash', ['-c', recipe], {encoding: 'utf8'});
        assert.match(`${result.stdout}${result.stderr}`, expected, `${endpoint.name} with ${key === secret ? 'the' : 'a wrong'} secret`);
      }
    }
  });

  it('every event type: the Node.js endpoint accepts its curl command', async () => {
    const node = endpoints[0];
    assert.ok(node);
    for (const [type, example] of Object.entries(examples)) {
      const result = run('curl', await signDelivery(node.url, secret, eventBody(example), Math.floor(Date.now() / 1000)));
      assert.equal(result.status, 0, `${type}:\n${result.output}`);
    }
  });

  it('a fixture file: its deliveries, replayed in order, are accepted by both endpoints and verify with the guide’s code', async () => {
    const types = ['charge.pending', 'charge.succeeded'];
    const now = Math.floor(Date.now() / 1000);
    const fixture = await buildFixture(
      'test',
      types.map((type) => ({type, body: eventBody(examples[type])})),
      secret,
      now,
    );
    const verify = (
      (await import(pathToFileURL(path.join(dir, 'verify-webhook.mjs')).href)) as {
        verifyZipSignature: (body: Buffer, header: string, key: string, at: number) => boolean;
      }
    ).verifyZipSignature;
    assert.deepEqual(
      fixture.deliveries.map((delivery) => delivery.event_type),
      types,
    );
    const times = fixture.deliveries.map((delivery) => Number(/^t=(\d+),/.exec(delivery.headers['Zip-Signature'])?.[1]));
    assert.deepEqual(times, [now - 1, now], 'increasing timestamps, the last now');
    for (const delivery of fixture.deliveries) {
      assert.ok(verify(Buffer.from(delivery.body), delivery.headers['Zip-Signature'], secret, now), delivery.event_type);
      for (const endpoint of endpoints) {
        const response = await fetch(endpoint.url, {method: 'POST', headers: delivery.headers, body: delivery.body});
        assert.equal(response.status, 200, `${delivery.event_type} to ${endpoint.name}`);
      }
    }
  });
});
