/**
 * What the HTTP layer serves: the current test mode (a reset replaces it with a fresh one), the
 * faults planned for it, and its clock. The clock starts where it is told (the wall clock unless
 * `--now` says otherwise); a live host's clock also follows the wall clock between requests, so an
 * unmodified shop's signature check (which compares with its own clock) passes, while a test's
 * clock stands still unless a control moves it.
 */
import {examplesLeadMs, seedExamples} from '../examples';
import {TestMode} from '../testMode';
import {invalidRequest} from './errors';
import {FaultPlan} from './faults';

/** Moves the clock to `ms`: forward only, as the model's clock does (`setNow`). */
export function setClock(testMode: TestMode, ms: number): void {
  if (ms < testMode.clockMs() - 999)
    throw invalidRequest(400, 'parameter_invalid', `now must not be before the test mode's clock (${testMode.now()}).`, 'now');
  if (ms > testMode.clockMs()) testMode.setNow(ms);
}

export interface HostOptions {
  /** Makes each test mode, the first and every reset's. */
  readonly createTestMode?: () => TestMode;
  /** When the clock starts, in milliseconds since the epoch; the wall clock when not given. */
  readonly startMs?: number;
  /** Follow the wall clock and deliver due webhooks on their own (the bin); a test moves time itself. */
  readonly live?: boolean;
  /** Start each test mode (the first and every reset's) with the specs' example objects (examples.ts). */
  readonly seedExamples?: boolean;
  /** How long a delivery waits for an endpoint's answer; a test of one that never answers waits less than Zip. */
  readonly deliveryTimeoutMs?: number;
}

export class TestModeHost {
  testMode: TestMode;
  readonly faults = new FaultPlan();
  private lastWallMs = Date.now();

  constructor(private readonly options: HostOptions & {readonly first?: TestMode}) {
    this.testMode = options.first ?? this.fresh();
  }

  private fresh(): TestMode {
    const {createTestMode, startMs, seedExamples: seeded, deliveryTimeoutMs} = this.options;
    if (seeded) {
      // Made as a client would, from a week before the start, so the paid-out charge has its payout.
      const testMode = new TestMode({now: (startMs ?? Math.floor(Date.now() / 1000) * 1000) - examplesLeadMs, deliveryTimeoutMs});
      seedExamples(testMode);
      return testMode;
    }
    if (!createTestMode) return new TestMode({now: startMs ?? Date.now(), deliveryTimeoutMs});
    const testMode = createTestMode();
    if (startMs !== undefined) setClock(testMode, startMs);
    return testMode;
  }

  get live(): boolean {
    return this.options.live === true;
  }

  /** A live host's clock catches up with the wall clock; a test's stands still. */
  tick(): void {
    if (!this.live) return;
    const wall = Date.now();
    const elapsed = wall - this.lastWallMs;
    this.lastWallMs = wall;
    if (elapsed > 0) this.testMode.advance(elapsed);
  }

  reset(): void {
    this.faults.clear();
    this.lastWallMs = Date.now();
    this.testMode = this.fresh();
  }
}
