import { countTokens } from '../context/tokens.js';
import { SYSTEM_PROMPT } from './prompt.js';
import { TOOLS } from './tools.js';

/**
 * The least a first fix request holds: the tool definitions, the system prompt and a short first
 * message (a failing test with its message and a few lines of code take about 500 tokens).
 */
export function smallestRequestTokens(): number {
  return countTokens(JSON.stringify(TOOLS)) + countTokens(JSON.stringify({ role: 'system', content: SYSTEM_PROMPT })) + 4 + 500;
}
