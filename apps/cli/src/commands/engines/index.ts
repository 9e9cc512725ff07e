import { type Command, Option } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { collect, commandGroup, examples, withJson } from '../help-text.ts';
import { registerCurationCommands } from './curations/index.ts';

const ACCOUNT_HELP =
  'The account the engine belongs to, by id or exact name (narrows the name lookup; needs a login or SITESEER_TOKEN)';

function engineCommand(group: Command, nameAndArgs: string, description: string): Command {
  return withJson(group.command(nameAndArgs).description(description)).option(
    '--account <account>',
    ACCOUNT_HELP,
  );
}

/**
 * `engines ...`: list, show, delete, create, upload, publish, history, config, download, snippet,
 * curations, suggestions, alerts.
 */
export function registerEngineCommands(program: Command, runtime: Runtime): void {
  const engines = commandGroup(
    program,
    'engines',
    'Search engines: list, show, create, upload, publish and delete',
  ).addHelpText(
    'after',
    '\nENGINE is an engine id or its exact name.\n' +
      'With SITESEER_API_KEY only `engines create parametric` and `engines upload ENGINE-ID` work (an API key\n' +
      'needs the engine id, which `engines create parametric --json` prints as engineId); the other engine\n' +
      'commands need a login or SITESEER_TOKEN.\n',
  );

  withJson(engines.command('list').description('List your search engines, as the dashboard does'))
    .addOption(
      new Option('--type <type>', 'Only engines of this type').choices(['parametric', 'keyword', 'pm', 'kw']),
    )
    .option('--account <account>', 'Only engines of this account (an id or exact name)')
    .addOption(
      new Option('--sort <by>', 'Sort order')
        .choices(['alphabetical', 'creationDate'])
        .default('alphabetical'),
    )
    .option('--desc', 'Sort descending')
    .addHelpText(
      'after',
      examples(
        'siteseer engines list',
        'siteseer engines list --type parametric --sort creationDate --desc --json',
      ),
    )
    .action(lazyAction(runtime, () => import('./list.ts')));

  engineCommand(engines, 'show <engine>', 'Show an engine')
    .addHelpText(
      'after',
      examples('siteseer engines show "Product finder"', 'siteseer engines show 3f2a... --json'),
    )
    .action(lazyAction(runtime, () => import('./show.ts')));

  engineCommand(engines, 'delete <engine>', 'Delete an engine (type its exact name with --confirm)')
    .option('--confirm <name>', "The engine's exact name, to confirm (asked for on a terminal when absent)")
    .addOption(new Option('--yes').hideHelp())
    .addHelpText('after', examples('siteseer engines delete "Product finder" --confirm "Product finder"'))
    .action(lazyAction(runtime, () => import('./delete.ts')));

  const create = commandGroup(
    engines,
    'create',
    'Create an engine: parametric (from a file) or keyword (crawls your sites)',
  );
  withJson(create.command('parametric').description('Create a parametric engine from a CSV or XLSX file'))
    .requiredOption('--name <name>', 'The engine name (at least 5 characters)')
    .option(
      '--account <account>',
      'The account to create it in, by id or exact name (default: your only one; an API key uses its own)',
    )
    .requiredOption('--file <path>', 'The data: a .csv or .xlsx file of at most 10 MB')
    .option('--config <path>', 'A configuration JSON (columns, filters, settings); default: the inferred one')
    .option('--publish', 'Publish it at once (create-and-publish)')
    .addHelpText(
      'after',
      examples(
        'siteseer engines create parametric --name "Product finder" --account 8c1d... --file products.csv --publish',
        'siteseer engines create parametric --name "Product finder" --account 8c1d... --file products.xlsx --config config.json --json',
      ),
    )
    .action(lazyAction(runtime, () => import('./create-parametric.ts')));

  withJson(
    create.command('keyword').description('Create a keyword engine and its crawler, which starts crawling'),
  )
    .requiredOption('--name <name>', 'The engine name (at least 5 characters)')
    .option(
      '--account <account>',
      'The account to create it in, by id or exact name (default: your only one)',
    )
    .option('--url <url>', 'A site to crawl (repeat for more; at least one)', collect)
    .option(
      '--config <path>',
      'A JSON file of crawler settings (pageLoadDelay, crawlFrequency, contentTarget, excludeContentTargets, urlFilters, customTagsSelector, ...)',
    )
    .addHelpText(
      'after',
      `${examples(
        'siteseer engines create keyword --name "Docs search" --url https://docs.example.com/',
        'siteseer engines create keyword --name "Docs search" --account "Acme Corp" --url docs.example.com --url blog.example.com --config crawler.json --json',
      )}\nThe start URLs are queued at once: follow the crawl with \`siteseer crawl report ENGINE\`.\nYour role needs the DASHBOARD_ADD_KEYWORD and ENGINE_EDIT features (saving the crawler is an edit; \`siteseer features list\` shows who has them): without both the create is refused and nothing is made.\n`,
    )
    .action(lazyAction(runtime, () => import('./create-keyword.ts')));

  engineCommand(engines, 'upload <engine>', 'Upload a new version of a parametric engine file')
    .requiredOption('--file <path>', 'The new data: a .csv or .xlsx file of at most 10 MB')
    .option('--publish', 'Publish the new version at once')
    .addHelpText(
      'after',
      `${examples('siteseer engines upload "Product finder" --file products.csv --publish')}\nThe upload carries an Idempotency-Key made from the engine and the file's SHA-256: retrying the same upload stores it once.\n`,
    )
    .action(lazyAction(runtime, () => import('./upload.ts')));

  engineCommand(
    engines,
    'publish <engine>',
    'Publish a version of a parametric engine file (default: the latest upload)',
  )
    .option('--version <n>', 'The version to publish')
    .addHelpText(
      'after',
      examples(
        'siteseer engines publish "Product finder"',
        'siteseer engines publish "Product finder" --version 3',
      ),
    )
    .action(lazyAction(runtime, () => import('./publish.ts')));

  engineCommand(engines, 'history <engine>', 'List the uploaded versions of a parametric engine file')
    .addHelpText(
      'after',
      '\nColumns: version, file, upload time (UTC), data rows, uploader (an e-mail, or INGEST_API for the\n' +
        "account's API key) and the live one; --json gives the same as rowCount, uploadedBy and live.\n" +
        examples('siteseer engines history "Product finder"'),
    )
    .action(lazyAction(runtime, () => import('./history.ts')));

  engineCommand(engines, 'config <engine>', 'Show a parametric engine configuration, or save one with --set')
    .option('--set <path>', 'A configuration JSON file to save')
    .option('--version <n>', 'The file version the configuration is for (default: the current one)')
    .option('--publish', 'With --set: publish the version with it, so search uses it at once')
    .addHelpText(
      'after',
      '\nSearch uses the configuration a version was published with: a saved one goes live with --publish\n' +
        '(or `siteseer engines publish ENGINE --version N`).\n' +
        examples(
          'siteseer engines config "Product finder" --json > config.json',
          'siteseer engines config "Product finder" --set config.json --publish',
        ),
    )
    .action(lazyAction(runtime, () => import('./config.ts')));

  engineCommand(
    engines,
    'download <engine>',
    "Download a parametric engine's data (default: the published version), formula cells escaped",
  )
    .option('--version <n>', 'The version to download')
    .option('--format <csv|xlsx>', 'The format of the export (default: csv)')
    .option('--original', 'The file as it was uploaded instead (cells not escaped)')
    .option('-o, --output <path>', "Where to save it ('-' for stdout; default: the file's own name)")
    .option('--clobber', 'Overwrite an existing file')
    .addHelpText(
      'after',
      examples(
        'siteseer engines download "Product finder" -o products.csv',
        'siteseer engines download 3f2a... --version 2 -o - > v2.csv',
      ),
    )
    .action(lazyAction(runtime, () => import('./download.ts')));

  engineCommand(
    engines,
    'snippet <engine>',
    'Print the install snippet: the head script, and the results tag (keyword: and the search box)',
  )
    .addOption(new Option('--part <part>', 'Only one part').choices(['head', 'body']))
    .addHelpText(
      'after',
      examples(
        'siteseer engines snippet "Product finder"',
        'siteseer engines snippet "Product finder" --part head',
      ),
    )
    .action(lazyAction(runtime, () => import('./snippet.ts')));

  registerCurationCommands(engines, runtime);
  engineCommand(
    engines,
    'suggestions <engine> [action] [terms...]',
    "A keyword engine's query suggestions: list, block or unblock terms (a blocked term hides every suggestion holding it as a word)",
  )
    .option(
      '--min-visitors <n>',
      `Distinct visitors a query needs before it is suggested (1 to 20; default 3)`,
    )
    .addHelpText(
      'after',
      '\nACTION is list (the default), block or unblock; TERM is a word or words in quotes.\n' +
        examples(
          'siteseer engines suggestions "Docs site"',
          'siteseer engines suggestions "Docs site" block competitor "free trial"',
          'siteseer engines suggestions "Docs site" unblock competitor',
          'siteseer engines suggestions "Docs site" list --min-visitors 5 --json',
        ),
    )
    .action(lazyAction(runtime, () => import('./suggestions.ts')));
  engineCommand(
    engines,
    'alerts <engine> [action]',
    "A keyword engine's alerts: a webhook and e-mail addresses told when a crawl fails, is held or has too many 4xx/5xx URLs, or when too many searches find nothing",
  )
    .option('--webhook <url>', 'set: the webhook URL alerts are POSTed to (http or https, a public address)')
    .option('--no-webhook', 'set: no webhook any more (its secret is dropped)')
    .option(
      '--email <address>',
      'set: an address to e-mail alerts to (repeat it; replaces the list)',
      collect,
    )
    .option('--no-emails', 'set: no e-mail any more')
    .option(
      '--error-share <percent>',
      "set: alert when more than this % of a crawl's URLs answer 4xx/5xx (default 10)",
    )
    .option(
      '--zero-results <percent>',
      "set: alert when more than this % of the last 7 days' searches find nothing (default 30)",
    )
    .option('--zero-results-min <searches>', 'set: ...from this many searches in those 7 days (default 100)')
    .option('--rotate-secret', 'set: a new webhook secret (printed once; the old one stops signing)')
    .addHelpText(
      'after',
      '\nACTION is show (the default), set, test (send a test alert) or deliveries (the latest 50).\n' +
        'Each webhook body is signed: header Siteseer-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">\n' +
        'with the secret `set` prints once; reject timestamps older than 5 minutes.\n' +
        examples(
          'siteseer engines alerts "Docs site"',
          'siteseer engines alerts "Docs site" set --webhook https://hooks.example.com/siteseer --email ops@example.com',
          'siteseer engines alerts "Docs site" set --error-share 20 --zero-results 40 --zero-results-min 200',
          'siteseer engines alerts "Docs site" test',
          'siteseer engines alerts "Docs site" deliveries --json',
        ),
    )
    .action(lazyAction(runtime, () => import('./alerts.ts')));
}
