/**
 * The part of Rollup's output bundle the build plugins read (scripts/precacheScope.ts,
 * scripts/routePreload.ts): structural, so their tests can build a bundle by hand.
 */
export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets?: Set<string> };
}
export type BundleLike = Record<
  string,
  ChunkLike | { type: 'asset'; fileName: string; source?: string | Uint8Array }
>;

export const isChunk = (c: BundleLike[string] | undefined): c is ChunkLike => c?.type === 'chunk';

/** Whether a module id (query string aside) is the file `source` (a path from the project root). */
export const builtFrom = (id: string | null, source: string) => !!id?.split('?')[0]?.endsWith(source);
