// The demo provider's side of a deposit (M-Pesa Express style): it accepts the prompt at once with its
// own request id, "asks the subscriber", and after the latency calls our callback itself, signed. What
// the subscriber does is the configured outcome; 'never' pays but loses the callback, so only the status
// query tells. Each prompt's result is decided on arrival and remembered per reference (in the database
// in the app), so asking again never prompts twice and the status query answers after a restart.
import type { DepositOutcomeSetting } from '../config.ts';
import { callbackBody, type DepositResult, RESULT, signCallback } from './depositCallback.ts';
import type { DepositInitiation, DepositRequest, DepositStatus } from './mobileMoney.ts';
import type { OutcomeStore } from './simulatorOutcomes.ts';

/** What the simulator remembers of a prompt: its result, when that is known, whether to call back. */
export interface SimulatedDeposit {
  result: DepositResult;
  /** Epoch ms from which the status query reports the result (before: PENDING). */
  settlesAt: number;
  callback: boolean;
}

/** Delivers a signed callback; answers the HTTP status our server gave. */
export type CallbackDelivery = (rawBody: string, signature: string) => Promise<number>;

export interface DepositSimulatorState {
  latencyMs: number;
  hang: boolean;
  depositOutcome: DepositOutcomeSetting;
  callbackSecret: string;
  deliver: CallbackDelivery | null;
  random: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function decide(request: DepositRequest, outcome: DepositOutcomeSetting, id: string): DepositResult {
  const base = { providerRequestId: id, merchantRequestId: `MR-${id.slice(-10)}` };
  if (outcome === 'cancel') {
    return { ...base, resultCode: RESULT.CANCELLED, resultDesc: 'Request cancelled by user' };
  }
  if (outcome === 'timeout') {
    return { ...base, resultCode: RESULT.UNREACHABLE, resultDesc: 'DS timeout user cannot be reached' };
  }
  return {
    ...base,
    resultCode: RESULT.PAID,
    resultDesc: 'The service request is processed successfully.',
    amountCents: request.amountCents,
    receipt: `SIM${id.slice(-7).toUpperCase()}`,
    phoneNumber: request.msisdn,
  };
}

export class DepositSimulator {
  /** Callbacks scheduled and not yet sent, cancelled on close. */
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Every callback sent: [raw body, our HTTP answer] (tests look at them). */
  readonly sent: Array<{ rawBody: string; status: number }> = [];

  constructor(
    private readonly state: DepositSimulatorState,
    private readonly store: OutcomeStore<SimulatedDeposit>,
  ) {}

  async request(request: DepositRequest): Promise<DepositInitiation> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      return { status: 'FAILED', reason: 'INVALID_AMOUNT' };
    }
    const id = `ws_CO_${Math.floor(this.state.random() * 1e12)
      .toString(36)
      .toUpperCase()}${request.reference.replace(/\W/g, '')}`;
    const outcome = this.state.depositOutcome;
    const fresh: SimulatedDeposit = {
      result: decide(request, outcome, id),
      settlesAt: Date.now() + this.state.latencyMs,
      // A hanging provider loses its callbacks too: only the status query will tell.
      callback: outcome !== 'never' && !this.state.hang,
    };
    const saved = await this.store.putOnce(request.reference, fresh);
    // Our retry of the same reference gets the same prompt back: no second prompt, no second callback.
    if (saved.result.providerRequestId === id) this.schedule(saved);
    if (this.state.hang) return new Promise<never>(() => {});
    return { status: 'ACCEPTED', providerRequestId: saved.result.providerRequestId };
  }

  async status(reference: string): Promise<DepositStatus> {
    if (this.state.latencyMs > 0) await sleep(Math.min(this.state.latencyMs, 50));
    const saved = await this.store.get(reference);
    if (!saved) return { status: 'UNKNOWN' };
    if (Date.now() < saved.settlesAt)
      return { status: 'PENDING', providerRequestId: saved.result.providerRequestId };
    return { status: 'DONE', result: saved.result };
  }

  /** Calls back after the latency; retried a few times while our server does not know the request yet. */
  private schedule(saved: SimulatedDeposit): void {
    if (!saved.callback) return;
    const rawBody = JSON.stringify(callbackBody(saved.result));
    const signature = signCallback(this.state.callbackSecret, rawBody);
    const attempt = (left: number, delay: number) => {
      const timer = setTimeout(async () => {
        this.timers.delete(timer);
        const deliver = this.state.deliver;
        if (!deliver) return;
        const status = await deliver(rawBody, signature).catch(() => 0);
        this.sent.push({ rawBody, status });
        if (status !== 200 && left > 0) attempt(left - 1, Math.max(200, delay));
      }, delay);
      timer.unref();
      this.timers.add(timer);
    };
    attempt(3, Math.max(this.state.latencyMs, 1));
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
