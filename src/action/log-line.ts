/**
 * A line for the runner's log. The runner reads any line that starts with `::` as a workflow
 * command (`::set-output`, `::save-state`, `::add-mask`, `::stop-commands`), and what unbreak logs
 * quotes the tests' own text (test names, failure messages, a JUnit name holding `&#10;`): each
 * line of it that would start with `::` gets a space between the colons, so it is read as text.
 */
export function logLine(text: string): string {
  return text.replace(/(^|[\r\n])([^\S\r\n]*)::/g, '$1$2: :');
}
