export { toCsv, toCsvField, toCsvRow } from './csv.js';
