import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Checks e-invoice XML against the standards' own schemas, kept unmodified under fixtures/xsd/: OASIS UBL 2.1 (the
 * runtime schemas of the release, for the UBL Invoice and CreditNote of XRechnung and Peppol) and Factur-X 1.07.3
 * EN 16931 (CII, for XRechnung CII and the XML inside a Factur-X PDF). libxml2's validator, in WebAssembly.
 */
const XSD = join(import.meta.dirname, 'fixtures', 'xsd');

/** A schema's files in one flat directory, as the validator's file system holds them. */
function schemaFiles(dir: string): XMLFileInfo[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.xsd'))
    .map((f) => ({
      fileName: f.split('/').at(-1)!,
      contents: readFileSync(join(dir, f), 'utf8').replace(/schemaLocation="(\.\.\/)+common\//g, 'schemaLocation="'),
    }));
}

const SCHEMAS = {
  'ubl-invoice': { dir: 'ubl-2.1', main: 'UBL-Invoice-2.1.xsd' },
  'ubl-credit-note': { dir: 'ubl-2.1', main: 'UBL-CreditNote-2.1.xsd' },
  cii: { dir: 'factur-x-1.07.3-en16931', main: 'Factur-X_1.07.3_EN16931.xsd' },
} as const;

/** The schema errors of `xml` (none: valid). */
export async function schemaErrors(xml: string, schema: keyof typeof SCHEMAS): Promise<string[]> {
  const { dir, main } = SCHEMAS[schema];
  const files = schemaFiles(join(XSD, dir));
  const result = await validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: files.find((f) => f.fileName === main)!,
    preload: files.filter((f) => f.fileName !== main),
  });
  return result.errors.map((e) => e.message);
}
