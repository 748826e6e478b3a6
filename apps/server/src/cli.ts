import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { cliCommands } from './cli-commands';

const usage = `Usage: pnpm cli <command> [options]

Commands:
${cliCommands.map((c) => `  ${c.usage.padEnd(52)} ${c.summary}`).join('\n')}
`;

const [name, ...rest] = process.argv.slice(2);
const command = cliCommands.find((c) => c.name === name);
if (!command) {
  console.error(name ? `Unknown command: ${name}\n\n${usage}` : usage);
  process.exit(name ? 2 : 0);
}
try {
  const { values, positionals } = parseArgs({ args: rest, options: command.options ?? {}, allowPositionals: true });
  await command.run({ config: loadConfig(), values, positionals, log: (line) => console.log(line) });
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
