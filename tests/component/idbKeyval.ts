// idb-keyval as one in-memory map, for tests that see what the app keeps in IndexedDB (the offline queue,
// the last copies). Every store shares the map; a test mocks the module with this and reads `idb`:
//   vi.mock('idb-keyval', () => import('./idbKeyval'));
//   import { idb } from './idbKeyval';
export const idb = new Map<string, unknown>();

export const get = async (key: string) => idb.get(key);
export const set = async (key: string, value: unknown) => void idb.set(key, value);
export const del = async (key: string) => void idb.delete(key);
export const delMany = async (keys: string[]) => {
  for (const k of keys) idb.delete(k);
};
export const keys = async () => [...idb.keys()];
export const createStore = () => undefined;
export const update = async (key: string, fn: (old: unknown) => unknown) =>
  void idb.set(key, fn(idb.get(key)));
