import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { StartupError } from '../startup-error';
import { loadSecrets } from './secrets';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});
const folder = () => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-secrets-')));

it('generates the secrets once into the data folder, whole, and reads them back', () => {
  const dir = folder();
  const first = loadSecrets({}, dir);
  expect(fs.readdirSync(dir)).toEqual(['secrets.json']);
  expect(loadSecrets({}, dir)).toEqual(first);
});

it('stops the start with the file named when secrets.json is damaged, instead of replacing it', () => {
  const dir = folder();
  const file = path.join(dir, 'secrets.json');
  for (const damaged of ['', '{"jwtSecret": "x"']) {
    fs.writeFileSync(file, damaged);
    expect(() => loadSecrets({}, dir)).toThrow(StartupError);
    expect(() => loadSecrets({}, dir)).toThrow(`${file} is damaged. Restore it from a backup`);
    expect(fs.readFileSync(file, 'utf8')).toBe(damaged);
  }
});

it('leaves secrets.json as it was when writing it fails half-way (a full disk)', () => {
  const dir = folder();
  const file = path.join(dir, 'secrets.json');
  // A folder from before chat: its key is added, which writes the file again.
  const before = JSON.stringify({ jwtSecret: 'j'.repeat(64), hashKey: 'h'.repeat(43) });
  fs.writeFileSync(file, before);
  const rename = vi.spyOn(fs, 'renameSync').mockImplementation(() => {
    throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  });
  try {
    expect(() => loadSecrets({}, dir)).toThrow(/no space left/);
  } finally {
    rename.mockRestore();
  }
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
  expect(fs.readdirSync(dir)).toEqual(['secrets.json']);
});
