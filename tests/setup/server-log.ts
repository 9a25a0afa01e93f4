import { beforeEach } from 'vitest';
import { setLogDestination } from '@/lib/logger';

/*
 * The contract tests run the real servers in this process. Their log lines are kept per test and printed
 * only when the test fails, so a failing test shows the server's own account (the 500's stack, the
 * upstream's answer, the lead's last error) and a passing run stays quiet.
 */

let lines: string[] = [];
setLogDestination({ write: (line: string) => void lines.push(line) });

beforeEach((context) => {
  lines = [];
  context.onTestFailed(() => {
    if (lines.length === 0) return;
    const shown = lines.slice(-200);
    const cut = lines.length - shown.length;
    console.error(
      `\n── server log of "${context.task.name}"${cut ? ` (last 200 of ${lines.length} lines)` : ''} ──\n${shown.join('')}`,
    );
  });
});
