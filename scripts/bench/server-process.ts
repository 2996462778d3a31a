import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../src/server/config.js';

/** The bench signs in far more often from one address than a person would: the sign-in limits are lifted. */
const BENCH_AUTH_LIMITS = { AUTH_RATE_PER_IP: '1000000', AUTH_RATE_PER_ACCOUNT: '1000000' };

/**
 * The production start command's arguments after `node`, the entry relative to the project root
 * (README "Running in production" shows the same; tests/cluster/production.test.ts checks it).
 */
export const SERVER_ARGS: readonly string[] = ['--import', 'tsx', 'src/server/main.ts'];

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`node --import tsx src/server/main.ts`) as a child process on `port`
 * with the given DATA_DIR and waits until it answers (at most `startTimeoutMs`, default 180 s; a
 * first start seeds the whole demo company). Used by benchmarks and e2e tests so the measured
 * server has its own process and event loop.
 */
export async function startServerProcess(opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}): Promise<RunningServer> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      ...BENCH_AUTH_LIMITS,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/jeecg-boot/sys/randomImage/1`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        // a process killed by a signal has no exit code but its signal (and its 'exit' has passed)
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
