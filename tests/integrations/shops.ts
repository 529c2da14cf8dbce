/**
 * The shop a scenario drives, in each language of the reference integrations. A scenario says what
 * happens (an order is placed, the customer pays, comes back, Zip delivers an event, the shop crashes)
 * once; a driver carries it out:
 *
 * - Node.js: the modules of integrations/node/, in process, on an in-memory database.
 * - Python: one `python3 integrations/python/cli.py` process per step, over HTTP on loopback, on a
 *   SQLite file, so a crash loses only what that file did not keep; each webhook delivery is a
 *   `receive` step.
 *
 * Both sit in a world of world.ts (a fresh stateful test mode); the invariants read the same tables.
 */
import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {sampleSecretKey, sampleWebhookSecret} from '../../src/data/testMode';
import {makeWorld, type World} from './world';

export type Json = Record<string, unknown>;
export type Handlers = Record<string, (event: Json) => unknown>;
export type Language = 'Node.js' | 'Python';

/** What every shop does, whatever the flow. A flow's own steps come from its driver (scenarios.test.ts). */
export interface Shop {
  readonly language: Language;
  readonly world: World;
  placeOrder(id: string, amount: number): Promise<void>;
  /**
   * The shop dies right after its next `operation` ("POST /v2/charges") answers, before it records
   * anything: in a step, that step rejects; in an event's handler, the delivery fails and Zip retries it.
   */
  crashAfterNext(operation: string): void;
  /** The orders the shop shipped, as its own records say. */
  shipped(): string[];
  close(): Promise<void>;
}

type Zip = World['zip'];

export class NodeShop implements Shop {
  readonly language = 'Node.js';
  private readonly shipments: string[] = [];
  private handlers: Handlers = {};
  private crashAfter: string | undefined;

  private constructor(readonly world: World) {}

  static async open(): Promise<NodeShop> {
    return new NodeShop(await makeWorld());
  }

  /** The client the flows use: the world's, except that an armed crash throws once its call has answered. */
  private readonly zip: Zip = async (method, path, body, options) => {
    const answer = await this.world.zip(method, path, body, options);
    if (this.crashAfter === `${method} ${path}`) {
      this.crashAfter = undefined;
      throw new Error(`the shop crashed after ${method} ${path} answered, before recording it`);
    }
    return answer;
  };

  /** Makes a flow of integrations/node/ (`createCardShop({zip, db, ship, now})`) and subscribes its handlers beside the others. */
  async load<Flow>(file: string, factory: string): Promise<Flow> {
    const module = (await import(`../../integrations/node/${file}`)) as Record<string, unknown>;
    const make = module[factory];
    if (typeof make !== 'function') throw new Error(`integrations/node/${file} exports no function ${factory}`);
    const flow = (make as (options: Json) => Flow & {handlers?: Handlers})({
      zip: this.zip,
      db: this.world.db,
      ship: (id: string) => this.shipments.push(id),
      now: this.world.nowMs,
    });
    this.handlers = {...this.handlers, ...flow.handlers};
    this.world.setHandlers(this.handlers);
    return flow;
  }

  async placeOrder(id: string, amount: number): Promise<void> {
    this.world.newOrder(id, amount);
  }

  crashAfterNext(operation: string): void {
    this.crashAfter = operation;
  }

  shipped(): string[] {
    return [...this.shipments];
  }

  close(): Promise<void> {
    return this.world.close();
  }
}

const python = process.env.ZIP_PYTHON ?? '/usr/bin/python3';
const pythonDir = join(import.meta.dirname, '../../integrations/python');
/** The exit code of cli.py when ZIP_CRASH_AFTER killed it. */
const crashedExit = 3;

export class PythonShop implements Shop {
  readonly language = 'Python';
  private receivingFlows: string[] = [];
  private crashAfter: string | undefined;

  private constructor(
    readonly world: World,
    private readonly dir: string,
    private readonly dbFile: string,
  ) {
    world.testMode.addWebhookEndpoint(async (raw, headers) => {
      const crashAfter = this.crashAfter;
      const {code, stdout} = await this.run(['receive', ...this.receivingFlows], raw, {
        ZIP_SIGNATURE: headers['zip-signature'] ?? '',
        ...(crashAfter === undefined ? {} : {ZIP_CRASH_AFTER: crashAfter}),
      });
      if (code === crashedExit && crashAfter !== undefined) this.crashAfter = undefined;
      return code === 0 ? Number(stdout.trim()) : 500; // a handler that raised or died: Zip delivers again later
    });
  }

  static async open(): Promise<PythonShop> {
    const dir = mkdtempSync(join(tmpdir(), 'py-shop-'));
    const dbFile = join(dir, 'shop.db');
    return new PythonShop(await makeWorld({dbFile, nodeReceiver: false}), dir, dbFile);
  }

  /** The flows (cli.py's names: card_payment, refunds…) whose handlers the `receive` step hands events to. */
  receiveWith(...flows: string[]): void {
    this.receivingFlows = flows;
  }

  /** Runs one step in its own process and returns what it printed, parsed; rejects, naming the step, when it failed or crashed. */
  async step<Result = Json>(name: string, ...args: (string | number)[]): Promise<Result> {
    const command = `cli.py ${[name, ...args].join(' ')}`;
    const crashAfter = this.crashAfter;
    const {code, stdout, stderr} = await this.run(
      [name, ...args.map(String)],
      undefined,
      crashAfter === undefined ? {} : {ZIP_CRASH_AFTER: crashAfter},
    );
    if (code === crashedExit && crashAfter !== undefined) {
      this.crashAfter = undefined;
      throw new Error(`${command}: the shop crashed after ${crashAfter} answered, before recording it`);
    }
    if (code !== 0) throw new Error(`${command} exited with ${code}:\n${stderr.trim()}`);
    try {
      return JSON.parse(stdout) as Result;
    } catch {
      throw new Error(`${command} printed no JSON result: ${JSON.stringify(stdout)}`);
    }
  }

  /** The order row, written as the Node.js driver writes it: bookkeeping no fault touches, so not worth a process. */
  async placeOrder(id: string, amount: number): Promise<void> {
    this.world.newOrder(id, amount);
  }

  crashAfterNext(operation: string): void {
    this.crashAfter = operation;
  }

  shipped(): string[] {
    return this.world.db
      .prepare('SELECT order_id FROM shipments')
      .all()
      .map((row) => row.order_id as string);
  }

  async close(): Promise<void> {
    await this.world.close();
    rmSync(this.dir, {recursive: true, force: true});
  }

  private run(args: string[], stdin?: string, env: Record<string, string> = {}): Promise<{code: number; stdout: string; stderr: string}> {
    return new Promise((resolve) => {
      const child = execFile(
        python,
        ['cli.py', this.dbFile, this.world.server.url, ...args],
        {
          cwd: pythonDir,
          env: {
            ...process.env,
            ZIP_SECRET_KEY: sampleSecretKey,
            ZIP_WEBHOOK_SECRET: sampleWebhookSecret,
            ZIP_NOW: String(Math.floor(this.world.nowMs() / 1000)),
            PYTHONDONTWRITEBYTECODE: '1', // the steps leave no __pycache__ in the source tree
            ...env,
          },
        },
        (error, stdout, stderr) => {
          if (!error) return resolve({code: 0, stdout, stderr});
          // A number is the exit code; anything else (no such interpreter, a signal) is reported as it is.
          if (typeof error.code === 'number') return resolve({code: error.code, stdout, stderr});
          resolve({code: -1, stdout, stderr: `${stderr}${python} ${args.join(' ')}: ${error.message}`});
        },
      );
      child.stdin?.end(stdin ?? '');
    });
  }
}
