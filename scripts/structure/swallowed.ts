/**
 * Finds the places where an error is swallowed, from the syntax tree (oxc-parser) rather than by
 * pattern: a `catch` clause with an empty body, and a `.catch(handler)` whose handler neither
 * rethrows, nor logs, nor uses the error it is given. Each such place must be listed in the
 * allow-list with the reason it is harmless; a listed place that no longer exists is stale.
 */
import { parseSync } from 'oxc-parser';

/** A place where an error is dropped without a trace. */
export interface Swallowed {
  /** Path of the file, relative to the workspace root. */
  file: string;
  /** 1-based line of the `catch`, to point at it (entries never name lines: they move). */
  line: number;
  /** `catch-clause` for `try … catch {}`, `catch-call` for `promise.catch(() => …)`. */
  kind: 'catch-clause' | 'catch-call';
  /** The named function (or method, or variable) the place is in; `(module)` at top level. */
  inside: string;
  /** The code of the place: the whole `try` statement, or the whole `.catch(…)` call. */
  code: string;
}

/** One allowed place: its file, and the function it is in and/or a piece of its code. */
export interface AllowEntry {
  file: string;
  /** The named function the place is in, as `Swallowed.inside` reports it. */
  inside?: string;
  /** A piece of the place's code (whitespace-insensitive), to tell apart places in one function. */
  snippet?: string;
  /** Why dropping the error is right here. */
  why: string;
}

/** What the allow-list leaves: places not listed, and entries that match no place. */
export interface Verdict {
  unlisted: Swallowed[];
  stale: AllowEntry[];
  allowed: number;
}

/** Methods whose call counts as logging the failure. */
const LOG_METHODS = new Set(['log', 'warn', 'error', 'info', 'debug', 'trace', 'fatal']);
const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The child nodes of a node, in source order. */
function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) found.push(item);
    if (isNode(value)) found.push(value);
  }
  return found;
}

/** Whether any node under `root` (itself included) satisfies `test`. */
function some(root: Node, test: (node: Node) => boolean): boolean {
  if (test(root)) return true;
  return children(root).some((child) => some(child, test));
}

/** The name a node gives to the function it holds, if it is a named declaration, method or binding. */
function nameOf(node: Node): string | undefined {
  const key = (node.id ?? node.key) as Node | undefined;
  const named =
    key?.type === 'Identifier' || key?.type === 'PrivateIdentifier' ? (key.name as string) : undefined;
  if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') return named;
  if (['MethodDefinition', 'Property', 'PropertyDefinition'].includes(node.type)) {
    return isNode(node.value) && FUNCTION_TYPES.has(node.value.type) ? named : undefined;
  }
  if (node.type === 'VariableDeclarator') {
    return isNode(node.init) && FUNCTION_TYPES.has(node.init.type) ? named : undefined;
  }
  return undefined;
}

/** A `.catch(handler)` call's handler, when it is written inline (a named function cannot be judged here). */
function inlineCatchHandler(node: Node): Node | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const callee = node.callee as Node;
  const property = callee.type === 'MemberExpression' ? (callee.property as Node) : undefined;
  if (property?.type !== 'Identifier' || property.name !== 'catch') return undefined;
  const [handler] = node.arguments as Node[];
  return handler && FUNCTION_TYPES.has(handler.type) ? handler : undefined;
}

/** Whether a handler drops its error: it neither throws, nor logs, nor reads the error. */
function dropsError(handler: Node): boolean {
  const [param] = handler.params as Node[];
  const body = handler.body as Node;
  const throws = some(body, (node) => node.type === 'ThrowStatement');
  const logs = some(body, (node) => {
    if (node.type !== 'CallExpression') return false;
    const callee = node.callee as Node;
    const property = callee.type === 'MemberExpression' ? (callee.property as Node) : undefined;
    return property?.type === 'Identifier' && LOG_METHODS.has(property.name as string);
  });
  const readsError =
    param !== undefined &&
    (param.type !== 'Identifier' ||
      some(body, (node) => node.type === 'Identifier' && node.name === param.name && node !== param));
  return !throws && !logs && !readsError;
}

/** The 1-based line of an offset. */
function lineAt(source: string, offset: number): number {
  let line = 1;
  for (
    let index = source.indexOf('\n');
    index !== -1 && index < offset;
    index = source.indexOf('\n', index + 1)
  )
    line += 1;
  return line;
}

/** Every place in one source file where an error is swallowed. */
export function findSwallowed(file: string, source: string): Swallowed[] {
  const parsed = parseSync(file, source);
  if (parsed.errors.length > 0) throw new Error(`${file}: cannot parse: ${parsed.errors[0]?.message}`);
  const found: Swallowed[] = [];
  const visit = (node: Node, inside: string): void => {
    const here = nameOf(node) ?? inside;
    if (node.type === 'TryStatement' && isNode(node.handler)) {
      const body = (node.handler as Node).body as Node;
      if ((body.body as Node[]).length === 0) {
        found.push(place(file, source, node, (node.handler as Node).start, 'catch-clause', here));
      }
    }
    const handler = inlineCatchHandler(node);
    if (handler && dropsError(handler))
      found.push(place(file, source, node, handler.start, 'catch-call', here));
    for (const child of children(node)) visit(child, here);
  };
  visit(parsed.program as unknown as Node, '(module)');
  return found;
}

function place(
  file: string,
  source: string,
  node: Node,
  at: number,
  kind: Swallowed['kind'],
  inside: string,
): Swallowed {
  return { file, line: lineAt(source, at), kind, inside, code: source.slice(node.start, node.end) };
}

/** Code compared without its layout, so reformatting does not make an entry stale. */
function squeeze(code: string): string {
  return code.replace(/\s+/g, '');
}

/** Whether an allow-list entry names a place. */
function allows(entry: AllowEntry, found: Swallowed): boolean {
  if (entry.file !== found.file) return false;
  if (entry.inside !== undefined && entry.inside !== found.inside) return false;
  return entry.snippet === undefined || squeeze(found.code).includes(squeeze(entry.snippet));
}

/** Compares the places found with the allow-list: what is not listed, and what is listed for nothing. */
export function judge(found: Swallowed[], allowList: AllowEntry[]): Verdict {
  const unlisted = found.filter((place) => !allowList.some((entry) => allows(entry, place)));
  const stale = allowList.filter((entry) => !found.some((place) => allows(entry, place)));
  return { unlisted, stale, allowed: found.length - unlisted.length };
}
