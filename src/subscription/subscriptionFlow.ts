// The subscription machine wired to the subscription API. Loaded on the first Subscribe click, so the
// machine stays out of the first-load bundle.
import { fromPromise } from 'xstate';
import { subscriptionMachine } from '../../machines/subscription/subscriptionMachine';
import { fetchOtherSubscriptions, fetchSubscriberInfo, toggleSubscription } from '../api/wallet';
import { fetchSite } from '../content/site';
import { i18n } from '../i18n/i18n';
import type { SessionReader } from '../session/service';

/** One subscription flow for the signed-in `session` (the toggle's body carries its msisdn). */
export const subscriptionFlow = (session: Pick<SessionReader, 'user'>) =>
  subscriptionMachine.provide({
    actors: {
      fetchStatus: fromPromise(async () => (await fetchSubscriberInfo()).isSubscriptionEnabled),
      fetchOthers: fromPromise(() => fetchOtherSubscriptions()),
      // The price every screen shows (one fetch per page load, shared).
      fetchOffer: fromPromise(async () => (await fetchSite()).subscription),
      toggle: fromPromise(({ input }: { input: { enableSubscription: boolean } }) =>
        toggleSubscription({
          msisdn: session.user(),
          lang: i18n.locale || 'st',
          enableSubscription: input.enableSubscription,
        }),
      ),
    },
  });
