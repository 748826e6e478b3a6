import { withDatabase, type CliCommand } from '../../cli-commands';
import { resetTwoFactor } from './two-factor';
import { createUser, findUserByEmail } from './users';

/** `pnpm cli user add --email E --password P --role admin|owner`, `pnpm cli user reset-2fa --email E` */
const USAGE = 'user add --email E --password P --role admin|owner | user reset-2fa --email E';

export const userCommand: CliCommand = {
  name: 'user',
  usage: USAGE,
  summary: 'Add a staff member who can sign in to the admin panel, or turn off the two-factor sign-in of one who lost their app and recovery codes',
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'admin' } },
  async run({ config, values, positionals, log }) {
    const { email, password, role } = values;
    if (positionals[0] === 'reset-2fa') {
      if (typeof email !== 'string') throw new Error(`--email is required. Usage: pnpm cli ${USAGE}`);
      await withDatabase(config, async (db) => {
        const user = await findUserByEmail(db, email);
        if (!user) throw new Error(`No staff member has the email ${email}`);
        await resetTwoFactor(db, user.id);
      });
      log(`Turned off two-factor sign-in for ${email} and ended their sessions; they can set it up again after signing in`);
      return;
    }
    if (positionals[0] !== 'add') throw new Error(`Usage: pnpm cli ${USAGE}`);
    if (typeof email !== 'string' || typeof password !== 'string') throw new Error(`--email and --password are required. Usage: pnpm cli ${USAGE}`);
    if (role !== 'admin' && role !== 'owner') throw new Error('--role must be admin or owner');
    await withDatabase(config, (db) => createUser(db, { email, password, role }));
    log(`Added ${role} ${email}`);
  },
};
