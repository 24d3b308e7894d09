// Merges translations into public/locales/{ar,en,fr}/<namespace>.json.
// Usage: flock /tmp/darsi-i18n.lock node scripts/i18n-set.mjs <namespace> <entries.json>
// entries.json: { "some.key.path": { "ar": "…", "en": "…", "fr": "…" }, … }
// Run it under flock when several people edit translations at once: it reads and writes each file whole.
import fs from 'node:fs';
import path from 'node:path';

const [ns, entriesFile] = process.argv.slice(2);
if (!ns || !entriesFile) {
  console.error('usage: node scripts/i18n-set.mjs <namespace> <entries.json>');
  process.exit(2);
}
const entries = JSON.parse(fs.readFileSync(entriesFile, 'utf8'));
for (const lng of ['ar', 'en', 'fr']) {
  const file = path.join('public/locales', lng, `${ns}.json`);
  const tree = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  for (const [key, values] of Object.entries(entries)) {
    const value = values[lng];
    if (typeof value !== 'string' || value === '') throw new Error(`${key} has no ${lng} text`);
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts.at(-1)] = value;
  }
  fs.writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
}
console.log(`${Object.keys(entries).length} keys merged into ${ns}`);
