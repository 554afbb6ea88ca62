// The subscription machine wired to the subscription API (docs/CONTRACTS.md issue 5). Loaded on the
// first Subscribe click, so the machine stays out of the first-load bundle.
import { fromPromise } from 'xstate';
import { subscriptionMachine } from '../../machines/subscription/subscriptionMachine';
import { fetchOtherSubscriptions, fetchSubscriberInfo, toggleSubscription } from '../api/wallet';
import { i18n } from '../i18n/i18n';

const storedUser = (): string | null => {
  try {
    return localStorage.getItem('user');
  } catch {
    return null;
  }
};

export const liveSubscriptionMachine = subscriptionMachine.provide({
  actors: {
    fetchStatus: fromPromise(async () => (await fetchSubscriberInfo()).isSubscriptionEnabled),
    fetchOthers: fromPromise(() => fetchOtherSubscriptions()),
    toggle: fromPromise(({ input }: { input: { enableSubscription: boolean } }) =>
      toggleSubscription({
        msisdn: storedUser(),
        lang: i18n.locale || 'st',
        enableSubscription: input.enableSubscription,
      }),
    ),
  },
});
