// Newest version and client type (docs/CONTRACTS.md "PWA, push and version API"): website client credential,
// no signed-in user needed.
import type { ClientType, NewestVersion } from '../../machines/rules/version';
import { apiGet } from './http';

export const checkVersion = () =>
  apiGet<NewestVersion>('/web-registration/check-version', { auth: 'website' });

export const checkClientType = () => apiGet<ClientType>('/web-registration/client-type', { auth: 'website' });
