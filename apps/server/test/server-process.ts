import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The server as a real child process, started from source the way `npm run dev` does (tsx), for the tests
 * that kill it (crash.test.ts) or put several behind a proxy (proxy.test.ts).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts `src/main.ts` with the test's settings and `env` (a port of 0 picks a free one); resolves once it
 * says it is ready. `workDir` holds its (absent) web build.
 */
export async function startServerProcess(env: Record<string, string>, workDir: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'never',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST: path.join(workDir, 'no-web'),
      VPIC_UNAVAILABLE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}):\n${output}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}`, port, output: () => output };
}

/** Resolves with how the process ended (its signal, or its exit code). */
export const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode);
    else child.once('exit', (code, signal) => resolve(signal ?? code));
  });

/** Ends a process (SIGTERM) and waits for it, unless it has ended already. */
export async function stopProcess(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exited(child);
}

/** A browser of one origin: keeps the cookies (each Set-Cookie replaces the cookie of its name). */
export function browser(origin: string, always: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  const call = async (method: string, url: string, body?: object, headers: Record<string, string> = {}) => {
    const response = await fetch(origin + url, {
      method,
      headers: {
        ...always,
        ...(body ? { 'content-type': 'application/json' } : {}),
        cookie: [...jar.values()].join('; '),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      jar.set(pair.split('=')[0]!, pair);
    }
    return response;
  };
  return Object.assign(call, {
    /** The cookies as a Cookie header (what a copy of this browser would send). */
    cookies: () => [...jar.values()].join('; '),
  });
}
