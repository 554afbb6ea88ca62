// Fills empty msgstr entries of a catalog from a JSON map {msgid: msgstr}; for en.po, `--source` copies
// each empty entry's msgid. Usage: node scripts/translate-po.mjs locales/st.po map.json | --source
import { readFileSync, writeFileSync } from 'node:fs';
import PO from 'pofile';

const [file, mapFile] = process.argv.slice(2);
const po = PO.parse(readFileSync(file, 'utf8'));
const map = mapFile === '--source' ? null : JSON.parse(readFileSync(mapFile, 'utf8'));
const missing = [];
for (const item of po.items) {
  if (item.msgstr.some((s) => s !== '')) continue;
  const text = map ? map[item.msgid] : item.msgid;
  if (text) item.msgstr = [text];
  else missing.push(item.msgid);
}
writeFileSync(file, po.toString() + '\n');
if (missing.length) console.log(`still untranslated in ${file}:\n${missing.join('\n')}`);
