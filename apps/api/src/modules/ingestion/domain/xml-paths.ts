/**
 * Element paths into a parsed XML document (xml-rows.ts), in the dot syntax of JSON paths: `game.balls.ball` is
 * every `ball` under `balls` under `game`; `@number` is an attribute; `prize-tier[@level=3]` keeps the
 * `prize-tier` elements whose attribute `level` is `3`, `prize-tier[level=3]` those whose child `level` holds `3`.
 * A repeated element is every one of them, a single one a list of one: a path yields as many values as it reaches.
 */

/** One step of a path: a child element (all of its repetitions, or those meeting a condition), or an attribute. */
interface Step {
  /** The key in the parsed document: the element's name, or '@' and the attribute's name. */
  key: string;
  where?: { key: string; text: string };
}

export type XmlPath = Step[];

/** The parsed document's key of an element's text, beside its attributes ('@name') and child elements. */
export const TEXT_KEY = '#text';
export const ATTRIBUTE_PREFIX = '@';

/** An element's or attribute's name: no whitespace, and none of the path's own characters. */
const NAME = /^[^\s.[\]=@]{1,100}$/;
const STEP = /^(@?)([^[\]]+)(?:\[(@?)([^=\]]+)=([^\]]*)\])?$/;

/** The steps of a path, or null when it is not one (an attribute only last, names without . [ ] = @). */
export function parseXmlPath(text: string): XmlPath | null {
  const parts = splitSteps(text);
  if (parts === null) return null;
  const steps: Step[] = [];
  for (const [i, part] of parts.entries()) {
    const match = STEP.exec(part);
    if (!match || !NAME.test(match[2])) return null;
    const [, attribute, name, whereAttribute, whereName, whereText] = match;
    // An attribute has no children, and a condition picks among elements.
    if (attribute && (i < parts.length - 1 || whereName !== undefined)) return null;
    if (whereName !== undefined && !NAME.test(whereName)) return null;
    steps.push({
      key: attribute + name,
      ...(whereName === undefined
        ? {}
        : { where: { key: whereAttribute + whereName, text: whereText.trim() } }),
    });
  }
  return steps;
}

/** The nodes a path reaches from `node` (elements as parsed, text as text), in document order. */
export function nodesAt(node: unknown, path: XmlPath): unknown[] {
  let current: unknown[] = [node];
  for (const step of path) {
    const next: unknown[] = [];
    for (const parent of current) {
      if (!isElement(parent) || !Object.prototype.hasOwnProperty.call(parent, step.key)) continue;
      const value = parent[step.key];
      for (const child of Array.isArray(value) ? value : [value])
        if (step.where === undefined || meets(child, step.where)) next.push(child);
    }
    current = next;
  }
  return current;
}

/**
 * What a path holds, as the generic adapter reads a field: undefined when it reaches nothing, the trimmed text of
 * the one node it reaches, or the list of texts of several (`balls.ball`: the numbers, one element each). An
 * element holding child elements stays an object (it is no field's value).
 */
export function xmlValue(node: unknown, path: XmlPath): unknown {
  const values = nodesAt(node, path).map(textOf);
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

/** An element's text (trimmed; '' when it has only attributes), or the element when it holds others. */
function textOf(node: unknown): unknown {
  if (typeof node === 'string') return node.trim();
  if (!isElement(node)) return node;
  if (Object.prototype.hasOwnProperty.call(node, TEXT_KEY)) return String(node[TEXT_KEY]).trim();
  return Object.keys(node).every((key) => key.startsWith(ATTRIBUTE_PREFIX)) ? '' : node;
}

function meets(node: unknown, where: NonNullable<Step['where']>): boolean {
  return nodesAt(node, [{ key: where.key }]).some((value) => textOf(value) === where.text);
}

function isElement(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The steps of a path, split at the dots outside brackets (a condition's text may hold dots). */
function splitSteps(text: string): string[] | null {
  if (text.length === 0 || text.length > 500) return null;
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    if (depth < 0 || depth > 1) return null;
    if (c === '.' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  parts.push(text.slice(start));
  return parts.every((part) => part !== '') ? parts : null;
}
