/**
 * Part of `npm run lint`: no file tracked by git may be larger than 1 MiB. Databases, bench
 * states and generated bundles belong in .gitignore; a tracked one once made a submission too
 * large to land.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';

const LIMIT = 1024 * 1024;
const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const large = files.flatMap((file) => {
  try {
    const { size } = statSync(file);
    return size > LIMIT ? [`${file} (${(size / LIMIT).toFixed(1)} MiB)`] : [];
  } catch {
    return [];
  }
});
if (large.length > 0) {
  console.error(`Tracked files over 1 MiB (add them to .gitignore and git rm --cached them):\n  ${large.join('\n  ')}`);
  process.exit(1);
}
