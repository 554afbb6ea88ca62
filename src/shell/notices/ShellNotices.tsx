// The shell's notices: the critical version alert (modal 2) and the red app-download toast.
// Loaded lazily after the first paint; the alert's dialog code loads only when there is an alert to show.
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { ROLES } from '../../../machines/rules/roles';
import { type ClientType, shouldOfferApp, shouldShowCriticalAlert } from '../../../machines/rules/version';
import { config } from '../../config';
import { lazyChunk } from '../../lib/lazyChunk';
import { platform } from '../../platform';
import { useHasRole, useIsLoggedIn, useSessionUser } from '../../session/hooks';
import { dismissedVersion, rememberDismissed } from '../../storage/versionDismissal';
import { AppDownloadToast } from './AppDownloadToast';
import { TermsCheck } from './TermsCheck';
import {
  checkNewestVersionOnce,
  clientTypeOnce,
  newestVersion,
  subscribeNewestVersion,
} from './versionStore';
import './notices.css';

const CriticalVersionAlert = lazyChunk(() => import('./CriticalVersionAlert'));

/** The app-download toast appears after 10000 ms. */
export const APP_TOAST_DELAY_MS = 10_000;

export default function ShellNotices() {
  const info = useSyncExternalStore(subscribeNewestVersion, newestVersion, () => null);
  const [dismissed, setDismissed] = useState(dismissedVersion);
  const [client, setClient] = useState<ClientType | null>(null);
  const [toast, setToast] = useState(false);
  const loggedIn = useIsLoggedIn();
  const subscriber = useHasRole(ROLES.user);
  const user = useSessionUser();

  useEffect(() => {
    void checkNewestVersionOnce();
    let live = true;
    void clientTypeOnce().then((c) => live && setClient(c));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!shouldOfferApp(client, platform)) return;
    const id = setTimeout(() => setToast(true), APP_TOAST_DELAY_MS);
    return () => clearTimeout(id);
  }, [client]);

  const dismiss = (version: string) => {
    rememberDismissed(version);
    setDismissed(version);
  };

  return (
    <>
      {info && shouldShowCriticalAlert(info, config.appVersion, dismissed) && (
        <Suspense fallback={null}>
          <CriticalVersionAlert info={info} onDismiss={() => dismiss(info.version)} />
        </Suspense>
      )}
      {loggedIn && subscriber && user && <TermsCheck key={user} />}
      {toast && client?.mobileAppUrl && (
        <AppDownloadToast url={client.mobileAppUrl} onClear={() => setToast(false)} />
      )}
    </>
  );
}
