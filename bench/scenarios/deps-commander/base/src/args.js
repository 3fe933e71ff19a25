'use strict';
const { Command } = require('commander');

/** The server's command line: `--port <n>`, `--host <name>`, `--verbose`. */
function parseArgs(argv) {
  const program = new Command();
  program
    .option('-p, --port <n>', 'port to listen on', '8080')
    .option('-H, --host <name>', 'host to bind', 'localhost')
    .option('-v, --verbose', 'log every request');
  program.parse(argv, { from: 'user' });
  return { port: Number(program.port), host: program.host, verbose: Boolean(program.verbose) };
}

module.exports = { parseArgs };
