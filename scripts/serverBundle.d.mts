export function newest(dirs: string[]): number;
export function stale(output: string, sources: string[]): boolean;
export const serverBundle: string;
export const serverArgs: string[];
export function bundleServer(): Promise<boolean>;
