/**
 * An Atom document checked as strictly as the tests can: libxml2's xmllint
 * (compiled to WebAssembly, xmllint-wasm) parses it as XML 1.0 with
 * namespaces, which refuses any character XML forbids and anything not
 * well-formed, and validates it against RFC 4287's grammar (atom.rng). Then
 * the RFC's Schematron rule and the MUSTs of its prose, as XPath evaluated by
 * the same xmllint.
 */
import { readFileSync } from "node:fs";
import { validateXML } from "xmllint-wasm";

const ATOM_NS = "http://www.w3.org/2005/Atom";
const SCHEMA = readFileSync(new URL("atom.rng", import.meta.url), "utf8");

/**
 * The documents' problems as a strict XML parser and RFC 4287's grammar see them, each after its document's name;
 * none for valid feeds. One xmllint run for them all.
 */
export async function schemaViolations(documents: ReadonlyMap<string, string>): Promise<string[]> {
  const names = [...documents.keys()];
  const result = await validateXML({
    xml: names.map((name, i) => ({ fileName: `feed-${i}.xml`, contents: documents.get(name)! })),
    schema: [{ fileName: "atom.rng", contents: SCHEMA }],
    extension: "relaxng",
    maxMemoryPages: 4096,
  });
  const nameOf = (file: string | undefined) => names[Number(/^feed-(\d+)\.xml$/.exec(file ?? "")?.[1] ?? -1)] ?? "?";
  return result.valid ? [] : result.errors.map((error) => `${nameOf(error.loc?.fileName)}: ${error.message}`);
}

/** `atom:name` steps as XPath 1.0 without prefixes (xmllint's --xpath registers none). */
const atom = (path: string): string =>
  path.replace(/atom:([a-z]+)/g, (_, name: string) => `*[local-name()='${name}' and namespace-uri()='${ATOM_NS}']`);

/** RFC 4287's rules beyond its grammar, each a boolean XPath over the document. */
const RULES: readonly (readonly [rule: string, xpath: string])[] = [
  // Its Schematron rule (Appendix B).
  ["4.1.1: a feed has an author unless every entry has one", "/atom:feed/atom:author or not(/atom:feed/atom:entry[not(atom:author)])"],
  ["4.1.1: a feed should have one link rel=self", "count(/atom:feed/atom:link[@rel='self']) = 1"],
  [
    "4.1.1: no two alternate links of a feed with the same type and hreflang (here: at most one)",
    "count(/atom:feed/atom:link[@rel='alternate' or not(@rel)]) <= 1",
  ],
  [
    "4.1.2: an entry without content has an alternate link (here: exactly one)",
    "not(/atom:feed/atom:entry[not(atom:content)][count(atom:link[@rel='alternate' or not(@rel)]) != 1])",
  ],
  ["4.2.6: ids are absolute IRIs (here: http or https)", "not(//atom:id[not(starts-with(., 'https://') or starts-with(., 'http://'))])"],
  ["4.2.7: link hrefs are absolute here too", "not(//atom:link[not(starts-with(@href, 'https://') or starts-with(@href, 'http://'))])"],
  ["4.1.1: entries have distinct ids", "not(/atom:feed/atom:entry[atom:id = preceding-sibling::atom:entry/atom:id])"],
  [
    "3.3: dates are RFC 3339 with an upper-case Z",
    "not((//atom:updated | //atom:published)[substring(., string-length(.)) != 'Z' or substring(., 11, 1) != 'T'])",
  ],
  ["3.2: every person has a name that is not empty", "not(//atom:author[normalize-space(atom:name) = ''])"],
];

/** What xmllint prints for an XPath expression over the document (`atom:` steps allowed), its final line feed left out. */
export async function xpath(xml: string, expression: string): Promise<string> {
  const result = await validateXML({
    xml: [{ fileName: "feed.xml", contents: xml }],
    normalization: "c14n",
    maxMemoryPages: 4096,
    // xmllint prints an --xpath result where it would print the canonical document.
    modifyArguments: (args) => args.flatMap((arg) => (arg === "--c14n" ? ["--xpath", atom(expression)] : [arg])),
  });
  return result.normalized.replace(/\n$/, "");
}

/** The rules of `RULES` that the document breaks. */
export async function ruleViolations(xml: string): Promise<string[]> {
  const flags = await xpath(xml, `concat(${RULES.map(([, rule]) => `number(boolean(${rule}))`).join(", ")})`);
  if (!/^[01]+$/.test(flags) || flags.length !== RULES.length) return [`the rules could not be evaluated: ${flags}`];
  return RULES.flatMap(([rule], i) => (flags[i] === "1" ? [] : [rule]));
}

/** Every problem of the documents (name → text): XML, grammar, rules. */
export async function atomViolations(documents: ReadonlyMap<string, string>): Promise<string[]> {
  const schema = await schemaViolations(documents);
  if (schema.length > 0) return schema;
  const rules = await Promise.all([...documents].map(async ([name, xml]) => (await ruleViolations(xml)).map((rule) => `${name}: ${rule}`)));
  return rules.flat();
}
