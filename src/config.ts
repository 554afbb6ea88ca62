/** Environment configuration (SPEC.md §3). Every value can be overridden at build time with a VITE_ variable. */
const env = import.meta.env;

export const config = {
  production: true,
  /** Base URL of the predictor service. */
  gamePredictorUrl: (env.VITE_PREDICTOR_URL as string | undefined) ?? '/api',
  /** Identity provider token endpoint (Keycloak-compatible). */
  authURL: (env.VITE_AUTH_URL as string | undefined) ?? '/auth/realms/commxp/protocol/openid-connect/token',
  authGrantType: { password: 'password', refresh: 'refresh_token' },
  allowAutoRefresh: true,
  /** Basic credential of the identity provider's client (base64 of mobile:mobile-secret in demo mode). */
  basicAuthKey: (env.VITE_MOBILE_CLIENT_BASIC as string | undefined) ?? btoa('mobile:mobile-secret'),
  keyClient: 'mobile',
  /** Basic credential of the website client for registration, version and client-type calls. */
  websiteBasicKey: (env.VITE_WEBSITE_CLIENT_BASIC as string | undefined) ?? btoa('website:website-secret'),
  appVersion: '1.0.0',
} as const;
