// A small strict XML 1.0 + Namespaces parser for the renderer tests: no DTDs, no processing
// instructions other than the XML declaration (our documents have neither). It throws on anything
// not well-formed (unbalanced or mismatched tags, duplicate attributes, bad names, a bare `&` or
// `<`, an undeclared prefix, more than one root) and returns a namespace-resolved tree. Bun has no
// DOMParser and the only XML parser in node_modules (sax) is a transitive dependency, so the tests
// use this instead.

export interface XmlElement {
  /** Qualified name as written. */
  name: string;
  namespace: string;
  local: string;
  attributes: Record<string, string>;
  /** Resolved in-scope prefix → namespace map. */
  scope: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data of this element and its descendants. */
  text: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9._-]*(:[A-Za-z_][A-Za-z0-9._-]*)?$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (raw.includes('<')) throw new Error(`'<' in character data or attribute at ${where}`);
  return raw.replace(/&([^;&\s]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw new Error(`Bare '&' at ${where}`);
    if (body in ENTITIES) return ENTITIES[body]!;
    const numeric = /^#(x[0-9A-Fa-f]+|[0-9]+)$/.exec(body);
    if (numeric)
      return String.fromCodePoint(
        Number.parseInt(
          body.startsWith('#x') ? body.slice(2) : body.slice(1),
          body.startsWith('#x') ? 16 : 10,
        ),
      );
    throw new Error(`Unknown entity &${body}; at ${where}`);
  });
}

function resolve(
  name: string,
  scope: Record<string, string>,
  isAttribute: boolean,
): { namespace: string; local: string } {
  const colon = name.indexOf(':');
  if (colon < 0) return { namespace: isAttribute ? '' : (scope[''] ?? ''), local: name };
  const prefix = name.slice(0, colon);
  if (prefix === 'xml')
    return { namespace: 'http://www.w3.org/XML/1998/namespace', local: name.slice(colon + 1) };
  const namespace = scope[prefix];
  if (namespace === undefined) throw new Error(`Undeclared namespace prefix ${prefix} in ${name}`);
  return { namespace, local: name.slice(colon + 1) };
}

export function parseXml(source: string): XmlElement {
  let position = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const text = (value: string) => {
    for (const element of stack) element.text += value;
  };
  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end < 0) throw new Error('Unterminated XML declaration');
    position = end + 2;
  }
  while (position < source.length) {
    const next = source.indexOf('<', position);
    const chunk = source.slice(position, next < 0 ? source.length : next);
    if (chunk.length > 0) {
      if (stack.length === 0 && chunk.trim() !== '')
        throw new Error(`Text outside the root element at ${position}`);
      if (chunk.includes(']]>')) throw new Error(`']]>' in character data at ${position}`);
      text(decode(chunk, position));
    }
    if (next < 0) break;
    position = next;
    if (source.startsWith('<!--', position)) {
      const end = source.indexOf('-->', position + 4);
      if (end < 0) throw new Error('Unterminated comment');
      if (source.slice(position + 4, end).includes('--'))
        throw new Error(`'--' inside a comment at ${position}`);
      position = end + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', position)) {
      const end = source.indexOf(']]>', position);
      if (end < 0 || stack.length === 0) throw new Error('Bad CDATA section');
      text(source.slice(position + 9, end));
      position = end + 3;
      continue;
    }
    if (source.startsWith('<!', position) || source.startsWith('<?', position)) {
      throw new Error(`DTDs and processing instructions are not expected (at ${position})`);
    }
    const close = source.indexOf('>', position);
    if (close < 0) throw new Error(`Unterminated tag at ${position}`);
    // Attribute values may contain '>' only escaped in our output, but be exact: find the real end.
    let end = position + 1;
    let quote: string | null = null;
    for (; end < source.length; end++) {
      const character = source[end]!;
      if (quote) {
        if (character === quote) quote = null;
      } else if (character === '"' || character === "'") quote = character;
      else if (character === '>') break;
    }
    const tag = source.slice(position + 1, end);
    position = end + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name)
        throw new Error(`Mismatched end tag </${name}> (open: ${open?.name ?? 'none'})`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameMatch = /^([^\s/>]+)/.exec(body);
    if (!nameMatch || !NAME.test(nameMatch[1]!)) throw new Error(`Bad element name in <${tag}>`);
    const name = nameMatch[1]!;
    const raw: Record<string, string> = {};
    const attributePattern = /\s+([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/y;
    let cursor = name.length;
    while (cursor < body.length) {
      if (/^\s*$/.test(body.slice(cursor))) break;
      attributePattern.lastIndex = cursor;
      const match = attributePattern.exec(body);
      if (!match) throw new Error(`Malformed attributes in <${name}> at ${position}`);
      const attributeName = match[1]!;
      if (!NAME.test(attributeName)) throw new Error(`Bad attribute name ${attributeName}`);
      if (attributeName in raw) throw new Error(`Duplicate attribute ${attributeName} in <${name}>`);
      raw[attributeName] = decode(match[3] ?? match[4] ?? '', position);
      cursor = attributePattern.lastIndex;
    }
    const scope = { ...(stack.at(-1)?.scope ?? {}) };
    for (const [attributeName, value] of Object.entries(raw)) {
      if (attributeName === 'xmlns') scope[''] = value;
      else if (attributeName.startsWith('xmlns:')) scope[attributeName.slice(6)] = value;
    }
    const attributes: Record<string, string> = {};
    const expanded = new Set<string>();
    for (const [attributeName, value] of Object.entries(raw)) {
      if (attributeName === 'xmlns' || attributeName.startsWith('xmlns:')) continue;
      const { namespace, local } = resolve(attributeName, scope, true);
      const key = `{${namespace}}${local}`;
      if (expanded.has(key)) throw new Error(`Duplicate expanded attribute ${key} in <${name}>`);
      expanded.add(key);
      attributes[attributeName] = value;
    }
    const { namespace, local } = resolve(name, scope, false);
    const element: XmlElement = { name, namespace, local, attributes, scope, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) throw new Error('More than one root element');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`Unclosed element <${stack.at(-1)!.name}>`);
  if (!root) throw new Error('No root element');
  return root;
}

/** Every element of the tree, depth first. */
export function allElements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(allElements)];
}
