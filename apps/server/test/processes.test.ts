import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup.ts';
import { createFromTemplate } from './helpers.ts';
import { exited, startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * SERVER_PROCESSES (issue 33: one server per core): one port, several server processes under a supervisor,
 * each a whole instance with its own search index. Connections are dealt to them in turn, a scrape of
 * /metrics reads them all, one that dies is replaced, and SIGTERM stops them all. PostgreSQL only: the
 * embedded database is one process's (config.test.ts: refused without DATABASE_URL).
 */
const postgresTemplate = inject('postgresTemplate');

/** A request on a connection of its own (the supervisor deals connections, not requests). */
function ask(port: number, method: string, url: string, body?: object) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: body ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      },
    );
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

/** The server processes under the supervisor: its children running the server (not tsx's esbuild). */
const serversOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);

describe.runIf(postgresTemplate)('SERVER_PROCESSES=2 (PostgreSQL only)', () => {
  let workDir: string;
  let server: ServerProcess;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-processes-'));
    const name = `portal_processes_${randomBytes(6).toString('hex')}`;
    const admin = await createFromTemplate(postgresTemplate, name);
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
    server = await startServerProcess(
      { DATABASE_URL: withDatabase(postgresTemplate, name), SERVER_PROCESSES: '2', JOBS_RUNNER: 'pg-boss' },
      workDir,
    );
  }, 120_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    await dropDatabase();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('serves one port from two processes, each with its own index, and a scrape reads them all', async () => {
    expect(server.output()).toContain('2 server processes');
    expect(serversOf(server.child.pid!)).toHaveLength(2);
    // Every process's index is built (the gauge is the least of them) before the searches are counted.
    for (const until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 200))) {
      if (metric((await ask(server.port, 'GET', '/metrics')).text, 'portal_search_index_products') > 0) break;
      if (Date.now() > until) throw new Error('the indexes were not built');
    }
    const before = metric((await ask(server.port, 'GET', '/metrics')).text, 'portal_search_reads\\{by="index"\\}');
    const body = { limit: 8, filters: { sort: 'name-asc', categories: [], brands: [], search: 'remote start' } };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => ask(server.port, 'POST', '/api/search-products', body)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.text)).size, 'the same answer from either process').toBe(1);
    const after = metric((await ask(server.port, 'GET', '/metrics')).text, 'portal_search_reads\\{by="index"\\}');
    // Each process reads the search once and keeps its answer (SEARCH_PAGE_CACHE_MS): two reads, summed
    // over the processes, say that connections reached both and that the scrape counted both.
    expect(after - before).toBe(2);
  });

  it('starts another process when one dies, and stops them all on SIGTERM', async () => {
    const [first, second] = serversOf(server.child.pid!);
    process.kill(first!, 'SIGKILL');
    for (const until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 200))) {
      const now = serversOf(server.child.pid!);
      if (now.length === 2 && !now.includes(first!) && server.output().includes('a server process ended')) break;
      if (Date.now() > until) throw new Error(`no process replaced ${first}: ${now.join(', ')}`);
    }
    expect(server.output()).toMatch(/a server process ended \(SIGKILL\): starting another/);
    expect(serversOf(server.child.pid!)).toContain(second);
    expect((await ask(server.port, 'GET', '/healthz')).status).toBe(200);

    const servers = serversOf(server.child.pid!);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    for (const pid of servers) expect(() => process.kill(pid, 0), `process ${pid} ended`).toThrow();
  }, 90_000);
});
