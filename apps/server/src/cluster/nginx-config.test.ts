import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { nginxConfig } from './nginx-config';

const committed = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf');
const twoNodes = {
  listenPort: 8080,
  nodes: [
    { name: 'node1', port: 3101 },
    { name: 'node2', port: 3102 },
  ],
};

describe('deploy/nginx.conf', () => {
  it('is what the generator writes for two instances on 3101 and 3102', () => {
    expect(fs.readFileSync(committed, 'utf8')).toBe(nginxConfig(twoNodes));
  });

  it.skipIf(!fs.existsSync('/usr/sbin/nginx'))('passes nginx -t', () => {
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-nginx-t-'));
    onTestFinished(() => fs.rmSync(prefix, { recursive: true, force: true }));
    fs.mkdirSync(path.join(prefix, 'tmp'));
    const file = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(file, nginxConfig({ ...twoNodes, runAsRoot: process.getuid?.() === 0 }));
    const check = spawnSync('/usr/sbin/nginx', ['-t', '-p', prefix, '-c', file], {
      encoding: 'utf8',
    });
    expect(check.stderr).toContain('test is successful');
  });
});

/** A stand-in instance answering every request with the status `answer()` gives at the time. */
async function stubInstance(answer: () => number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(answer(), { 'content-type': 'application/json' });
    response.end('{"statusCode":0,"message":"stub","entities":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Runs nginx with the generated configuration in front of `instances`; answers its address. */
async function startBalancer(instances: Server[], name: string, workers?: number): Promise<string> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), `aeropool-nginx-${name}-`));
  onTestFinished(() => fs.rmSync(prefix, { recursive: true, force: true }));
  fs.mkdirSync(path.join(prefix, 'tmp'));
  const probe = await stubInstance(() => 200);
  const listenPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const file = path.join(prefix, 'nginx.conf');
  const nodes = instances.map((server, index) => ({
    name: `node${index + 1}`,
    port: (server.address() as AddressInfo).port,
  }));
  fs.writeFileSync(
    file,
    nginxConfig({ listenPort, nodes, workers, runAsRoot: process.getuid?.() === 0 }),
  );
  const nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', file, '-g', 'daemon off;']);
  onTestFinished(() => void nginx.kill('SIGQUIT'));
  return `http://127.0.0.1:${listenPort}`;
}

/** GETs through a balancer that may still be starting. */
async function getStatus(url: string): Promise<number> {
  for (let tries = 0; ; tries += 1) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      return response.status;
    } catch (error) {
      if (tries > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe.skipIf(!fs.existsSync('/usr/sbin/nginx'))('the balancer', () => {
  it('keeps an instance whose database was busy for a moment (503) in rotation', async () => {
    let status = 503;
    const instances = await Promise.all([stubInstance(() => status), stubInstance(() => status)]);
    onTestFinished(() => instances.forEach((server) => server.close()));
    const balancer = await startBalancer(instances, 'busy');
    const get = () => getStatus(`${balancer}/api/health`);
    // The database is busy: both instances say so, and the rider hears it (503, not 502).
    expect([await get(), await get()]).toEqual([503, 503]);
    // A moment later it is not: the instances answer at once, not after ten seconds of 502.
    status = 200;
    expect([await get(), await get()]).toEqual([200, 200]);
  });

  it('reuses its connections to the instances instead of opening one per request', async () => {
    const instances = await Promise.all([stubInstance(() => 200), stubInstance(() => 200)]);
    let opened = 0;
    for (const server of instances) server.on('connection', () => (opened += 1));
    onTestFinished(() => instances.forEach((server) => server.close()));
    // One worker: each keeps its own idle connections.
    const balancer = await startBalancer(instances, 'keepalive', 1);
    for (let request = 0; request < 10; request += 1) {
      expect(await getStatus(`${balancer}/api/health`)).toBe(200);
    }
    // One per instance, whichever got the first request; not ten.
    expect(opened).toBeLessThanOrEqual(instances.length);
  });
});
