export function newest(dirs: string[]): number;
export function stale(output: string, sources: string[]): boolean;
export const serverBundle: string;
export const serverArgs: string[];
/** `log`: print "Bundling the server…" when it builds. */
export function bundleServer(options?: { log?: boolean }): Promise<boolean>;
