// The native Android wrapper (Capacitor). The same PWA build (dist/) runs inside it; src/platform/ picks
// the native adapters (device preferences, push registration, app resume) at run time.
//
// CAP_SERVER_URL (optional, read by `npx cap sync`): load the deployed app from this origin instead of the
// bundled dist/, so the API and identity provider are same-origin (the server sends no CORS headers). With
// the bundled dist/, build with absolute VITE_PREDICTOR_URL / VITE_AUTH_URL and put the API behind a proxy
// that allows the app's origin (https://localhost).
import type { CapacitorConfig } from '@capacitor/cli';

const serverUrl = process.env.CAP_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'ls.jackpot14.app',
  appName: 'Jackpot 14',
  webDir: 'dist',
  android: { allowMixedContent: false },
  server: {
    androidScheme: 'https',
    ...(serverUrl ? { url: serverUrl, cleartext: serverUrl.startsWith('http:') } : {}),
  },
  plugins: {
    // Notifications arriving while the app is open still show in the tray.
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
