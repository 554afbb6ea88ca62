// msw handlers for the shell's app-info calls: by default the server knows no newer version and the
// client is not Android, so the shell shows no alert and no toast.
import { HttpResponse, http } from 'msw';

export const CHECK_VERSION = '/api/web-registration/check-version';
export const CLIENT_TYPE = '/api/web-registration/client-type';

export const appInfoDefaults = [
  http.get(CHECK_VERSION, () =>
    HttpResponse.json({ version: '1.0.0', isCritical: false, displayMessage: '', link: '/' }),
  ),
  http.get(CLIENT_TYPE, () => HttpResponse.json({ android: false, mobileAppUrl: null })),
];
