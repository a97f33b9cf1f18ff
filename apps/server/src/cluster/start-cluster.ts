import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { nginxConfig, type NginxNode } from './nginx-config';

export type ClusterNode = NginxNode & {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

export type Cluster = {
  /** The balancer's address. */
  url: string;
  nodes: ClusterNode[];
  stop(): Promise<void>;
};

type Options = {
  instances: number;
  listenPort: number;
  /** Where nginx's prefix and each instance's DATA_DIR go. */
  workDir: string;
  /** The environment of every instance (DATABASE_URL at least). */
  env: Record<string, string>;
  /** How to start one instance: command and arguments, run in `cwd`. */
  command: { cwd: string; args: string[] };
  nginxBinary?: string;
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what()} did not come up within ${timeoutMs} ms`);
}

const isHealthy = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;

function spawnLogged(command: string, args: string[], options: Parameters<typeof spawn>[2]) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * N PostgreSQL-backed instances on loopback ports, each with its own DATA_DIR and INSTANCE_NAME,
 * behind Debian's nginx (`npm run cluster`, the cluster test and bench:cluster).
 */
export async function startCluster(options: Options): Promise<Cluster> {
  const nodes: ClusterNode[] = [];
  for (let index = 0; index < options.instances; index += 1) {
    const name = `node${index + 1}`;
    const port = await freePort();
    const started = spawnLogged(process.execPath, options.command.args, {
      cwd: options.command.cwd,
      env: {
        ...process.env,
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        INSTANCE_NAME: name,
        TRUST_PROXY: 'true',
        DATA_DIR: path.join(options.workDir, name),
      },
    });
    nodes.push({
      name,
      port,
      process: started.child,
      output: started.output,
      exited: started.exited,
    });
  }
  const stopNodes = async () => {
    await Promise.all(
      nodes.map(async (node) => {
        if (node.process.exitCode === null && node.process.signalCode === null) {
          node.process.kill('SIGTERM');
          await node.exited;
        }
      }),
    );
  };
  try {
    // One at a time: the first applies the migrations, the others find them done.
    for (const node of nodes) {
      await waitFor(
        () => isHealthy(node.port),
        60_000,
        () => `${node.name}:\n${node.output()}`,
      );
    }
  } catch (error) {
    await stopNodes();
    throw error;
  }

  const prefix = path.join(options.workDir, 'nginx');
  fs.mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    nginxConfig({
      listenPort: options.listenPort,
      nodes,
      runAsRoot: process.getuid?.() === 0,
    }),
  );
  const nginx = spawnLogged(
    options.nginxBinary ?? '/usr/sbin/nginx',
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    {},
  );
  const url = `http://127.0.0.1:${options.listenPort}`;
  try {
    await waitFor(
      async () => (await fetch(`${url}/api/health`)).ok,
      20_000,
      () => `nginx:\n${nginx.output()}`,
    );
  } catch (error) {
    nginx.child.kill('SIGTERM');
    await stopNodes();
    throw error;
  }

  return {
    url,
    nodes,
    async stop() {
      nginx.child.kill('SIGQUIT');
      await Promise.race([nginx.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (nginx.child.exitCode === null) nginx.child.kill('SIGKILL');
      await stopNodes();
    },
  };
}
