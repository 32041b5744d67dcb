import { XMLParser } from 'fast-xml-parser';
import { SourceFormatError } from './source-adapter';
import { parseXmlPath, xmlValue } from '../domain/xml-paths';
import { MAX_XML_DEPTH, XML_PARSER_OPTIONS, xmlRows } from './xml-rows';

const path = (text: string) => {
  const parsed = parseXmlPath(text);
  if (parsed === null) throw new Error(`not a path: ${text}`);
  return parsed;
};

describe('XML element paths', () => {
  // Made up for the test: a results document shaped like the National Lottery's (one `game` per draw).
  const document = `<?xml version="1.0" encoding="UTF-8"?>
    <results>
      <game type="lotto">
        <draw-date> 2026-08-12 </draw-date>
        <balls><ball number="1">5</ball><ball number="2"> 9 </ball><bonus-ball number="1">22</bonus-ball></balls>
        <tiers><tier level="1"><paid>0.00</paid></tier><tier level="2"><paid>1.5</paid></tier></tiers>
        <note>A &amp; B &lt;&#233;&#x41;&gt;</note>
        <empty/>
        <dotted level="1.5">x</dotted>
      </game>
    </results>`;
  const row = () => xmlRows(document, 'results.game')[0];

  it('reads one element as a list of one row, text trimmed, entities and character references decoded', () => {
    expect(xmlRows(document, 'results.game')).toHaveLength(1);
    expect(xmlValue(row(), path('draw-date'))).toBe('2026-08-12');
    expect(xmlValue(row(), path('note'))).toBe('A & B <éA>');
    expect(xmlValue(row(), path('empty'))).toBe('');
    expect(xmlValue(row(), path('missing'))).toBeUndefined();
  });

  it('reads repeated elements as a list, attributes with @, and picks elements by attribute or child text', () => {
    expect(xmlValue(row(), path('balls.ball'))).toEqual(['5', '9']);
    expect(xmlValue(row(), path('balls.bonus-ball'))).toBe('22');
    expect(xmlValue(row(), path('balls.ball.@number'))).toEqual(['1', '2']);
    expect(xmlValue(row(), path('@type'))).toBe('lotto');
    expect(xmlValue(row(), path('tiers.tier[@level=2].paid'))).toBe('1.5');
    expect(xmlValue(row(), path('tiers.tier[paid=0.00].@level'))).toBe('1');
    expect(xmlValue(row(), path('dotted[@level=1.5]'))).toBe('x');
    expect(xmlValue(row(), path('tiers.tier[@level=3].paid'))).toBeUndefined();
    // An element holding others is no field's value.
    expect(xmlValue(row(), path('balls'))).toEqual(expect.objectContaining({ ball: expect.any(Array) }));
  });

  it('refuses what is not a path', () => {
    for (const text of [
      '',
      'a..b',
      '.a',
      '@a.b',
      'a[@b=1',
      'a[b]',
      'a[@b=1][c=2]',
      'a b',
      '@a[b=1]',
      'a[[b=1]]',
    ])
      expect(parseXmlPath(text)).toBeNull();
    expect(parseXmlPath('all-results.draw-results.game')).toHaveLength(3);
    expect(parseXmlPath('ns:draw.@xml:lang')).toHaveLength(2);
  });

  it('has no row where the last element is absent, and a format error where its parent is', () => {
    expect(xmlRows('<results><other/></results>', 'results.game')).toEqual([]);
    expect(() => xmlRows('<answers><game/></answers>', 'results.game')).toThrow(
      new SourceFormatError("the XML has no element at 'results.game' (the format may have changed)"),
    );
  });
});

describe('XML answers that are not what they should be', () => {
  it('names an HTML page, JSON and broken XML without quoting them', () => {
    expect(() => xmlRows('<!DOCTYPE html>\n<html><body>Down</body></html>', 'a.b')).toThrow(
      new SourceFormatError('the source answered HTML, not XML (an error page?)'),
    );
    expect(() => xmlRows('<html><p>Down</p></html>', 'a.b')).toThrow(/HTML, not XML/);
    expect(() => xmlRows('{"draws": []}', 'a.b')).toThrow(
      new SourceFormatError('the source answered JSON, not XML'),
    );
    expect(() => xmlRows('<results>\n<game><secret-name>1</oops></game></results>', 'results.game')).toThrow(
      new SourceFormatError('the source answered invalid XML (InvalidTag at line 2)'),
    );
    expect(() => xmlRows('<results><game>', 'results.game')).toThrow(/^the source answered invalid XML \(/);
    expect(() => xmlRows('plain text', 'results.game')).toThrow(/^the source answered invalid XML \(/);
  });

  it('refuses a billion-laughs document at once, as unsafe', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      '  <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => {
        const previous = i === 0 ? 'lol' : `lol${i}`;
        return `  <!ENTITY lol${i + 1} "${`&${previous};`.repeat(10)}">`;
      }),
      ']>',
      '<lolz><draw>&lol9;</draw></lolz>',
    ].join('\n');
    const started = performance.now();
    expect(() => xmlRows(laughs, 'lolz.draw')).toThrow(
      new SourceFormatError('the XML declares entities in a DTD, which are not read (refused as unsafe)'),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses external entities the same way, and reads a DOCTYPE that declares none', () => {
    const external = '<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]><r><d>&e;</d></r>';
    expect(() => xmlRows(external, 'r.d')).toThrow(/declares entities in a DTD/);
    expect(xmlRows('<!DOCTYPE r SYSTEM "http://example.org/r.dtd"><r><d>1</d></r>', 'r.d')).toEqual(['1']);
  });

  it(`refuses elements nested 10,000 deep (more than ${MAX_XML_DEPTH}) with a format error, not a crash`, () => {
    const deep = '<a>'.repeat(10_000) + '1' + '</a>'.repeat(10_000);
    expect(() => xmlRows(deep, 'a.a')).toThrow(
      new SourceFormatError(`the XML nests elements deeper than ${MAX_XML_DEPTH}`),
    );
    const shallow = '<a>'.repeat(MAX_XML_DEPTH - 1) + '1' + '</a>'.repeat(MAX_XML_DEPTH - 1);
    expect(() => xmlRows(shallow, 'a.a')).not.toThrow();
  });

  it("bounds the parser's own expansion of declared entities, should one get past the refusal", () => {
    // The second line of defence, tried on the library itself: a 1,000-character entity used 200 times.
    const big = 'x'.repeat(1_000);
    const blowup = `<!DOCTYPE r [<!ENTITY big "${big}">]><r>${'&big;'.repeat(200)}</r>`;
    expect(() => new XMLParser(XML_PARSER_OPTIONS).parse(blowup)).toThrow(/limit exceeded/);
    const tooMany = `<!DOCTYPE r [${Array.from({ length: 11 }, (_, i) => `<!ENTITY e${i} "x">`).join('')}]><r/>`;
    expect(() => new XMLParser(XML_PARSER_OPTIONS).parse(tooMany)).toThrow(/Entity count/);
  });
});
