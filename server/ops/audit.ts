// The audit trail moved to server/audit/ (identity writes it too, and must not import ops). Settlement
// (settle.ts) still imports it from here while it is being changed elsewhere; new code imports ../audit/.
export { audit } from '../audit/audit.ts';
