import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';
import { SourceFormatError } from './source-adapter';
import { ATTRIBUTE_PREFIX, nodesAt, parseXmlPath, TEXT_KEY } from '../domain/xml-paths';

/** Elements nested deeper than this make the answer unreadable (the National Lottery's XML nests 6 deep). */
export const MAX_XML_DEPTH = 100;

/**
 * fast-xml-parser's options, each set here rather than left to its defaults, which are not the documented ones
 * (5.12.1: with `processEntities: true` it allows 10,000 nested expansions and an unlimited number of them).
 * Values stay text, as in CSV ("05" is read as a number by the adapter, a date is not read as one); attributes are
 * kept under '@name'. Entities: the five of XML and character references (`&#233;`) are decoded, which the
 * library does only with `htmlEntities` (it then knows HTML's named ones too, harmless in a value). Declared
 * entities never reach it: an answer with a DTD that declares any is refused first (xmlRows), and the limits below
 * would bound any expansion that got through.
 */
export const XML_PARSER_OPTIONS: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  textNodeName: TEXT_KEY,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: false,
  htmlEntities: true,
  processEntities: {
    enabled: true,
    maxEntityCount: 10,
    maxEntitySize: 1_000,
    maxExpansionDepth: 1,
    maxTotalExpansions: 100_000,
    maxExpandedLength: 100_000,
  },
  maxNestedTags: MAX_XML_DEPTH,
};

const parser = new XMLParser(XML_PARSER_OPTIONS);

/**
 * An XML answer's rows: the elements at `rows` (a path from the root element, `draw-results.game`), one row each;
 * a single one is a list of one. None where the path's last element is absent (no draw published); a format error
 * when its parent is absent (the format changed). Messages describe the answer without quoting it.
 */
export function xmlRows(body: string, rows: string): unknown[] {
  const document = parseXml(body);
  const path = parseXmlPath(rows);
  // The mapping was checked when it was saved.
  if (path === null) throw new Error(`rows '${rows}' is not an element path`);
  if (path.length > 1 && nodesAt(document, path.slice(0, -1)).length === 0)
    throw new SourceFormatError(`the XML has no element at '${rows}' (the format may have changed)`);
  return nodesAt(document, path);
}

/** The parsed document, or a SourceFormatError naming why it is not readable XML. */
export function parseXml(body: string): unknown {
  const start = body.trimStart();
  if (start.startsWith('{') || start.startsWith('['))
    throw new SourceFormatError('the source answered JSON, not XML');
  if (/^(<\?xml[^>]*>\s*)?<(!doctype\s+html|html)[\s>]/i.test(start))
    throw new SourceFormatError('the source answered HTML, not XML (an error page?)');
  // Entity declarations are how hostile XML expands ("billion laughs"); no publication needs them.
  if (body.includes('<!ENTITY'))
    throw new SourceFormatError('the XML declares entities in a DTD, which are not read (refused as unsafe)');
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    const { code, line } = valid.err;
    throw new SourceFormatError(`the source answered invalid XML (${code} at line ${line})`);
  }
  try {
    return parser.parse(body) as unknown;
  } catch (error) {
    // The library's messages may quote names from the answer: only what they are about is kept.
    const message = (error as Error).message;
    if (message.includes('nested tags'))
      throw new SourceFormatError(`the XML nests elements deeper than ${MAX_XML_DEPTH}`);
    if (/entit/i.test(message))
      throw new SourceFormatError('the XML expands entities beyond the limits (refused as unsafe)');
    throw new SourceFormatError('the source answered XML that could not be read');
  }
}
