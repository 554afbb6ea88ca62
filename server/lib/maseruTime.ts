// Lesotho's calendar on the server: one module shared with the client, machines/rules/maseruTime.ts.
export {
  formatWireDate as formatMaseru,
  maseruDayAt,
  maseruInstant,
} from '../../machines/rules/maseruTime.ts';
