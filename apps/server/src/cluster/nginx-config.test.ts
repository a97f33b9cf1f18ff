import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
