// Operation results moved to server/audit/outcome.ts (identity answers them too, and must not import
// ops). Settlement (settle.ts, settlePreview.ts) still imports them from here while it is being changed
// elsewhere; new code imports ../audit/.
export { done, type OpResult, refused } from '../audit/outcome.ts';
