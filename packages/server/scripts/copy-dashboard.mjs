// Copies the built dashboard (packages/dashboard/dist) into this package's `dashboard/` folder, so
// that the published @kindling/server carries it and serves it from its own files. Part of the
// server's build; the root `pnpm build` builds the dashboard first (it is a devDependency here).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../../dashboard/dist', import.meta.url));
const to = fileURLToPath(new URL('../dashboard', import.meta.url));

if (!existsSync(`${from}/index.html`)) {
  console.error(
    'copy-dashboard: the dashboard is not built (packages/dashboard/dist/index.html is missing); run `pnpm build` from the repository root',
  );
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
console.log('copy-dashboard: packages/dashboard/dist copied to packages/server/dashboard');
