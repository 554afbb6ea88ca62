// Phone numbers to the one form the database and tokens use (266 + 8 digits): the same rule the
// sign-in and registration forms apply, from machines/ (one rule, one place).
export { COUNTRY_CODE, isNormalisedMsisdn, normaliseMsisdn } from '../../machines/session/msisdn.ts';
