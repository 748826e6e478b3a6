import { withDatabase, type CliCommand } from '../../cli-commands';
import { createUser } from './users';

/** `pnpm cli user add --email E --password P --role admin|owner` */
const USAGE = 'user add --email E --password P --role admin|owner';

export const userCommand: CliCommand = {
  name: 'user',
  usage: USAGE,
  summary: 'Add a staff member who can sign in to the admin panel',
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'admin' } },
  async run({ config, values, positionals, log }) {
    if (positionals[0] !== 'add') throw new Error(`Usage: pnpm cli ${USAGE}`);
    const { email, password, role } = values;
    if (typeof email !== 'string' || typeof password !== 'string') throw new Error(`--email and --password are required. Usage: pnpm cli ${USAGE}`);
    if (role !== 'admin' && role !== 'owner') throw new Error('--role must be admin or owner');
    await withDatabase(config, (db) => createUser(db, { email, password, role }));
    log(`Added ${role} ${email}`);
  },
};
