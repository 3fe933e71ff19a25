export { formatBytes, parseBytes } from './bytes.js';
export * from './duration.js';
