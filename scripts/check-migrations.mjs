// CI check: the drizzle schema and the committed SQL migrations must agree. Runs drizzle-kit
// generate; if it writes anything, the schema changed without a migration.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = 'apps/api/src/db/migrations';
const status = () => execFileSync('git', ['status', '--porcelain', '--', dir], { cwd: root, encoding: 'utf8' }).trim();
const before = status();
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
});
const after = status();
if (after !== before) {
  console.error(
    `\nThe schema differs from the committed migrations. drizzle-kit generated:\n${after}\nRun \`npm run db:generate\` and commit the migration.`,
  );
  process.exit(1);
}
console.log('Schema and migrations agree.');
