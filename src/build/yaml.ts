/**
 * YAML for the content, through one parser: js-yaml with its core schema (the data of the YAML
 * 1.2 core schema; dates stay strings and the schema checks them). It is also the parser Astro
 * reads frontmatter with.
 *
 * A problem in a file names its line. js-yaml gives the line of a syntax error itself; for a
 * field that parses but fails a check, the file is parsed a second time with js-yaml's `listener`
 * option, which reports each node as the parser opens and closes it, and the path is followed
 * through those nodes. Only files with a problem are parsed twice.
 */
import { load, CORE_SCHEMA, YAMLException } from 'js-yaml';

export interface YamlResult {
  /** the parsed data, undefined when the source is not valid YAML */
  data: unknown;
  /** the syntax error, with its 1-based line in the source */
  error?: { line: number; message: string };
}

export function parseYaml(source: string): YamlResult {
  try {
    return { data: load(source, { schema: CORE_SCHEMA }) };
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { data: undefined, error: { line: error.mark.line + 1, message: error.reason } };
  }
}

/** One node as the parser saw it: where it starts, and the nodes it holds in order. */
interface YamlNode {
  start: number;
  kind: string | null;
  /** the node is a mapping key (a `:` follows it) */
  key: boolean;
  value: unknown;
  children: YamlNode[];
}

function nodesOf(source: string): { root: YamlNode; input: string } | undefined {
  const stack: YamlNode[] = [];
  let root: YamlNode | undefined;
  let input = source;
  const colon = /[ \t]*:/y;
  try {
    load(source, {
      schema: CORE_SCHEMA,
      listener(event, state) {
        if (event === 'open') {
          stack.push({ start: state.position, kind: null, key: false, value: undefined, children: [] });
          return;
        }
        const node = stack.pop()!;
        node.kind = state.kind;
        node.value = state.result;
        colon.lastIndex = state.position;
        node.key = node.kind === 'scalar' && colon.test(state.input);
        const parent = stack.at(-1);
        if (parent) parent.children.push(node);
        else [root, input] = [node, state.input];
      },
    });
  } catch {
    return undefined;
  }
  return root && { root, input };
}

/**
 * The node of a sequence's item. An empty item (`-` alone) has no node of its own, so the
 * nodes are matched to the items by value; the empty item itself has none.
 */
function itemNode(seq: YamlNode, index: number): YamlNode | undefined {
  const items = seq.value as unknown[];
  if (seq.children.length === items.length) return seq.children[index];
  let j = 0;
  for (let i = 0; i < items.length; i++) {
    const child = seq.children[j];
    const own = child !== undefined && Object.is(child.value, items[i]);
    if (i === index) return own ? child : undefined;
    if (own) j++;
  }
  return undefined;
}

/** The node a path leads to, or the deepest one on the way: a key without a value stands for it. */
function follow(root: YamlNode, path: ReadonlyArray<PropertyKey>): YamlNode {
  let node = root;
  for (const step of path) {
    if (node.kind === 'mapping') {
      const i = node.children.findIndex((c) => c.key && String(c.value) === String(step));
      if (i < 0) return node;
      const value = node.children[i + 1];
      if (!value || value.key) return node.children[i]!;
      node = value;
    } else if (node.kind === 'sequence' && typeof step === 'number') {
      const item = itemNode(node, step);
      if (!item) return node;
      node = item;
    } else return node;
  }
  return node;
}

/**
 * A function from a field's path to its 1-based line, for a file with a problem; the source is
 * parsed again on the first call. `offsetLine` is the number of lines above the source in its
 * file (one for frontmatter, after its `---`).
 */
export function lineFinder(
  source: string,
  offsetLine: number,
): (path: ReadonlyArray<PropertyKey>) => number | undefined {
  let parsed: ReturnType<typeof nodesOf> | 'unread' = 'unread';
  const blank = /(?:\s|#[^\n]*)*/y;
  return (path) => {
    if (parsed === 'unread') parsed = nodesOf(source);
    if (!parsed) return undefined;
    // a node opens where its parent's reading stopped: its first line is the next with content,
    // unless it is empty (a key with no value), which stays on the line it opened on
    const node = follow(parsed.root, path);
    blank.lastIndex = node.start;
    if (node.kind !== null) blank.test(parsed.input);
    return parsed.input.slice(0, blank.lastIndex).split('\n').length + offsetLine;
  };
}
