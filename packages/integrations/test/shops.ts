/**
 * The shop a scenario drives, in each language of the reference integrations. A scenario says what
 * happens (an order is placed, the customer pays, comes back, Zip delivers an event, the shop crashes)
 * once; a driver carries it out:
 *
 * - Node.js: the modules of packages/integrations/node/, in process, on an in-memory database.
 * - Python: long-lived `python3 packages/integrations/python/cli.py` processes, a step a JSON line, over HTTP
 *   on loopback, on a SQLite file. Each step opens that file afresh, and a crash kills its process (the
 *   next step starts another on the same file), so a crash loses only what that file did not keep;
 *   each webhook delivery is a `receive` step.
 *
 * Both sit in a world of world.ts (a fresh test mode, driven over HTTP, with the shop's endpoint on a
 * loopback port); the invariants read the same tables.
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {sampleSecretKey, sampleWebhookSecret} from '@zip/model/testValues';
import {makeWorld, type World} from './world';

export type Json = Record<string, unknown>;
export type Handlers = Record<string, (event: Json) => unknown>;
export type Language = 'Node.js' | 'Python';

/** What every shop does, whatever the flow. A flow's own steps come from its driver (the *.test.ts of each flow). */
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

  /** Makes a flow of packages/integrations/node/ (`createCardShop({zip, db, ship, now})`) and subscribes its handlers beside the others. */
  async load<Flow>(file: string, factory: string): Promise<Flow> {
    const module = (await import(`../node/${file}`)) as Record<string, unknown>;
    const make = module[factory];
    if (typeof make !== 'function') throw new Error(`packages/integrations/node/${file} exports no function ${factory}`);
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
const pythonDir = join(import.meta.dirname, '../python');
/** The exit code of cli.py when a request's `crash_after` killed it. */
const crashedExit = 3;

/** A request line of cli.py (its docstring). */
interface StepRequest {
  readonly database: string;
  readonly api_url: string;
  readonly step: string;
  readonly args: string[];
  readonly now: number;
  readonly crash_after: string | null;
  readonly event?: string;
  readonly signature?: string;
}
/** What came back: cli.py's answer line, or how its process ended before it answered. */
type Reply = {answered: {result?: unknown; error?: string}} | {exited: {code: number; stderr: string}};

/**
 * One long-lived `python3 cli.py` process: a request a line on stdin, an answer a line on stdout.
 * Each request opens its SQLite file afresh, so what the process keeps between steps is only its
 * imported modules; a crash (cli.py exits 3) ends it. While idle it does not hold the test's
 * process open: when the file's tests are done, its stdin closes and it exits.
 */
class StepProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private stderr = '';
  private waiting: ((reply: Reply) => void) | undefined;
  private ended: Reply | undefined;

  constructor() {
    this.child = spawn(python, ['cli.py'], {
      cwd: pythonDir,
      env: {
        ...process.env,
        ZIP_SECRET_KEY: sampleSecretKey,
        ZIP_WEBHOOK_SECRET: sampleWebhookSecret,
        PYTHONDONTWRITEBYTECODE: '1', // the steps leave no __pycache__ in the source tree
      },
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.child.stdin.on('error', () => undefined); // a write to a process that died: 'close' reports it
    createInterface({input: this.child.stdout}).on('line', (line) => {
      try {
        this.settle({answered: JSON.parse(line) as {result?: unknown; error?: string}});
      } catch {
        this.end(-1, `cli.py answered a line that is not JSON: ${JSON.stringify(line)}`);
        this.child.kill('SIGKILL');
      }
    });
    this.child.on('error', (error) => this.end(-1, `${python} cli.py: ${error.message}`));
    this.child.on('close', (code, signal) => this.end(code ?? -1, signal === null ? '' : `killed by ${signal}`));
    this.holdOpen(false);
  }

  get alive(): boolean {
    return this.ended === undefined;
  }

  async ask(request: StepRequest): Promise<Reply> {
    if (this.ended) return this.ended;
    this.holdOpen(true);
    try {
      return await new Promise<Reply>((resolve) => {
        this.waiting = resolve;
        this.child.stdin.write(`${JSON.stringify(request)}\n`);
      });
    } finally {
      this.holdOpen(false);
    }
  }

  private holdOpen(hold: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as {ref(): void; unref(): void}[])
      if (hold) handle.ref();
      else handle.unref();
  }

  private settle(reply: Reply): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(reply);
  }

  private end(code: number, why: string): void {
    this.ended ??= {exited: {code, stderr: `${this.stderr}${why}`.trim()}};
    this.settle(this.ended);
  }
}

/**
 * The test file's idle Python processes, shared by its shops (a request names its shop's database and
 * test mode). A request that finds none idle (two workers at once, a delivery during a step, the
 * first step after a crash) starts one; one is always kept starting, so a step rarely waits for an
 * interpreter to start.
 */
const idleProcesses: StepProcess[] = [];

async function askPython(request: StepRequest): Promise<Reply> {
  const stepProcess = idleProcesses.pop() ?? new StepProcess();
  if (idleProcesses.length === 0) idleProcesses.push(new StepProcess());
  const reply = await stepProcess.ask(request);
  if (stepProcess.alive) idleProcesses.push(stepProcess);
  return reply;
}

export class PythonShop implements Shop {
  readonly language = 'Python';
  private receivingFlows: string[] = [];
  private crashAfter: string | undefined;

  private constructor(
    readonly world: World,
    private readonly dir: string,
    private readonly dbFile: string,
  ) {
    world.setReceiver(async (raw, headers) => {
      const crashAfter = this.crashAfter;
      const reply = await this.ask('receive', this.receivingFlows, {event: raw, signature: headers['zip-signature'] ?? ''});
      if ('exited' in reply && reply.exited.code === crashedExit && crashAfter !== undefined) this.crashAfter = undefined;
      // A handler that raised or died: Zip delivers again later.
      return 'answered' in reply && reply.answered.error === undefined ? Number(reply.answered.result) : 500;
    });
  }

  static async open(): Promise<PythonShop> {
    const dir = mkdtempSync(join(tmpdir(), 'py-shop-'));
    const dbFile = join(dir, 'shop.db');
    return new PythonShop(await makeWorld({dbFile}), dir, dbFile);
  }

  /** The flows (cli.py's names: card_payment, refunds…) whose handlers the `receive` step hands events to. */
  receiveWith(...flows: string[]): void {
    this.receivingFlows = flows;
  }

  /** Runs one step and returns its result; rejects, naming the step, when it raised or the shop crashed. */
  async step<Result = Json>(name: string, ...args: (string | number)[]): Promise<Result> {
    const command = `cli.py ${[name, ...args].join(' ')}`;
    const crashAfter = this.crashAfter;
    const reply = await this.ask(name, args.map(String));
    if ('exited' in reply) {
      const {code, stderr} = reply.exited;
      if (code === crashedExit && crashAfter !== undefined) {
        this.crashAfter = undefined;
        throw new Error(`${command}: the shop crashed after ${crashAfter} answered, before recording it`);
      }
      throw new Error(`${command}: the Python process exited with ${code}:\n${stderr}`);
    }
    if (reply.answered.error !== undefined) throw new Error(`${command} raised:\n${reply.answered.error.trim()}`);
    return reply.answered.result as Result;
  }

  /** The order row, written as the Node.js driver writes it: bookkeeping no fault touches. */
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

  /** Hands one request about this shop to the file's Python processes. */
  private ask(step: string, args: string[], extra: Pick<StepRequest, 'event' | 'signature'> = {}): Promise<Reply> {
    return askPython({
      database: this.dbFile,
      api_url: this.world.url,
      step,
      args,
      now: Math.floor(this.world.nowMs() / 1000),
      crash_after: this.crashAfter ?? null,
      ...extra,
    });
  }
}
