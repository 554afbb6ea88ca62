/** Environment configuration. Every value can be overridden at build time with a VITE_ variable. */
import { version } from '../package.json';

const env = import.meta.env;

export const config = {
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
  /** The number subscribers text SMS commands to (the SMS gateway's inbound number or short code). */
  smsNumber: (env.VITE_SMS_NUMBER as string | undefined) ?? '14014',
  /** The build's version (package.json), compared with the server's version-check answer. */
  appVersion: version,
} as const;
