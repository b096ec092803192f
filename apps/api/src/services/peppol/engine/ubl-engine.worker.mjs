// The worker thread of `ubl-engine.ts`: loads @fiscus/ubl (TypeScript, through tsx) once, then
// checks and reads the UBL documents the API hands it, one message at a time, so a 1,000-line
// invoice never holds the API's event loop.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const ubl = await tsImport('@fiscus/ubl', import.meta.url);
// One BIS invoice checked before the first real one: the schema and the rules compile now.
ubl.validateUbl(readFileSync(new URL('./warm-up-invoice.xml', import.meta.url), 'utf8'));

parentPort.on('message', ({ id, op, xml }) => {
  try {
    if (op === 'check') {
      const verdict = ubl.validateUbl(xml);
      const fatal = verdict.findings.some((finding) => finding.flag === 'fatal');
      parentPort.postMessage({ id, verdict, json: fatal ? undefined : ubl.ublToJson(xml).json });
    } else {
      parentPort.postMessage({ id, json: ubl.ublToJson(xml).json });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
