import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, oneOf, optionalString } from '../parse.ts';
import { clientOf, resolveEngine } from './resolve-engine.ts';

export interface SnippetOptions {
  engine: string;
  account: string | undefined;
  /** Only the head script or only the body tag (for scripts that write them into templates). */
  part: 'head' | 'body' | undefined;
}

export function parse(input: ParseInput): SnippetOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    part: oneOf(optionalString(input, 'part'), ['head', 'body'], '--part'),
  };
}

/** The install snippet: the script for the page head, and for the body the results tag (keyword: and the input). */
export async function run(deps: ApiDeps, options: SnippetOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  const client = await clientOf(api, engine);
  const snippet = expectOk(
    await api.clients.snippet(client.id, engine.searchEngineType),
    'Reading the snippet',
  );
  if (output.json) {
    output.printJson(options.part ? { [options.part]: snippet[options.part] } : snippet);
    return;
  }
  if (options.part) {
    output.line(snippet[options.part]);
    return;
  }
  output.line('<!-- Script: put this in the page head -->');
  output.line(snippet.head);
  output.line();
  // A keyword engine's body part is the install page's Input tag and Results tag (spec 000, Install
  // page): the search box and the results element, which may go to different places on the page.
  output.line(
    engine.searchEngineType === 'kw'
      ? '<!-- Input tag and Results tag: put the input where the search box goes, the results element where the results go -->'
      : '<!-- Results tag: put this in the page body -->',
  );
  output.line(snippet.body);
}

export const command = apiCommand({ parse, run });
