// `npm test`: the type check and the lint side by side (each is one busy thread; CI has two cores), then the unit
// and server tests, then the browser journeys. Each phase's time is printed, so a slow CI says where it went.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`\n[npm test] ${script}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });

const phases = [['typecheck', 'lint'], ['test:unit'], ['test:e2e']];
const started = performance.now();
for (const phase of phases) {
  const passed = await Promise.all(phase.map(run));
  if (passed.includes(false)) process.exit(1);
}
console.log(`[npm test] all passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
