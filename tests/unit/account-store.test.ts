// The shell's account store: the newest answer wins, a failure keeps the last figures, and a status the
// subscription flow learnt is not overwritten by a fetch that started before it.
import { describe, expect, it, vi } from 'vitest';
import { createAccountStore } from '../../src/account/accountStore';
import type { SubscriberInfo, WalletInfo } from '../../src/api/wallet';

const wallet = (totalAvailableAmount: number): WalletInfo => ({
  totalAvailableAmount,
  withdrawablemount: 0,
  totalWonAmount: 0,
  totalWithdrawnAmount: 0,
  currentlyWithheldAmount: 0,
  walletMovesDto: [],
});
const subscriber = (isSubscriptionEnabled: boolean): SubscriberInfo => ({
  msisdn: '26650000001',
  createDate: null,
  isSubscriptionEnabled,
  otherSubscriptions: [],
});

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('account store', () => {
  it('keeps the newest wallet answer even when an older one arrives later', async () => {
    const answers = [deferred<WalletInfo>(), deferred<WalletInfo>()];
    let call = 0;
    const store = createAccountStore({
      wallet: () => answers[call++]!.promise,
      subscriber: () => Promise.resolve(subscriber(true)),
    });
    const seen = vi.fn();
    store.subscribe(seen);
    const first = store.refreshWallet();
    const second = store.refreshWallet();
    answers[1]!.resolve(wallet(50));
    await second;
    answers[0]!.resolve(wallet(100));
    await first;
    expect(store.get().wallet?.totalAvailableAmount).toBe(50);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh keeps the last figures and says it failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    const store = createAccountStore({
      wallet: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(wallet(10))),
      subscriber: () => Promise.resolve(subscriber(true)),
    });
    await store.load();
    fail = true;
    await store.refreshWallet();
    expect(store.get()).toMatchObject({ wallet: { totalAvailableAmount: 10 }, walletFailed: true });
    fail = false;
    await store.refreshWallet();
    expect(store.get().walletFailed).toBe(false);
    vi.restoreAllMocks();
  });

  it("a toggle's answer wins over a status fetch that was already under way", async () => {
    const status = deferred<SubscriberInfo>();
    let calls = 0;
    const store = createAccountStore({
      wallet: () => Promise.resolve(wallet(0)),
      subscriber: () => (calls++ === 0 ? Promise.resolve(subscriber(false)) : status.promise),
    });
    await store.load();
    expect(store.get().subscriber?.isSubscriptionEnabled).toBe(false);
    const stale = store.refreshSubscriber();
    store.setSubscribed(true);
    status.resolve(subscriber(false));
    await stale;
    expect(store.get().subscriber?.isSubscriptionEnabled).toBe(true);
  });
});
