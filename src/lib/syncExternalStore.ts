// `use-sync-external-store/shim` for React 19, which has the hook built in (vite.config.ts aliases the shim
// here): @xstate/react imports the shim, whose fallback for React 17 would otherwise ship in the first load.
export { useSyncExternalStore } from 'react';
