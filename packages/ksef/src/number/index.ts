export { checkKsefNumber, ksefCrc8, makeKsefNumber, type KsefNumberCheck } from './ksef-number.ts';
