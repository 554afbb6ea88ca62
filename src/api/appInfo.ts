// Newest version and client type (SPEC.md §7): website client credential, no signed-in user needed.
import type { ClientType, NewestVersion } from '../../machines/rules/version';
import { apiGet } from './http';

export const checkVersion = () =>
  apiGet<NewestVersion>('/web-registration/check-version', { auth: 'website' });

export const checkClientType = () => apiGet<ClientType>('/web-registration/client-type', { auth: 'website' });
