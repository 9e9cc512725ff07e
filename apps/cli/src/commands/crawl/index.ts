import { type Command, Option } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { commandGroup, examples, withJson } from '../help-text.ts';

const ACCOUNT_HELP = 'The account the engine belongs to, by id or exact name (narrows the name lookup)';

function crawlCommand(group: Command, nameAndArgs: string, description: string): Command {
  return withJson(group.command(nameAndArgs).description(description)).option(
    '--account <account>',
    ACCOUNT_HELP,
  );
}

/** `crawl ...`: start, stop, report, inspect and watch the crawl of a keyword engine, and sites' sign-ins. */
export function registerCrawlCommands(program: Command, runtime: Runtime): void {
  const crawl = commandGroup(
    program,
    'crawl',
    'The crawl of a keyword engine: start, stop, report, inspect, watch, credentials',
  ).addHelpText('after', '\nENGINE is a keyword engine id or its exact name.\n');

  crawlCommand(
    crawl,
    'start <engine>',
    'Start crawling: a new site with --url, else resume with the engine settings',
  )
    .option('--url <url>', 'A new site to crawl too (PUT datasource/crawler); kept for later re-crawls')
    .addHelpText(
      'after',
      `${examples('siteseer crawl start "Docs search"', 'siteseer crawl start "Docs search" --url https://blog.example.com/')}
Without --url the crawler is started again with the engine's settings (POST datasource/crawler,
not recreated): stopped (Interrupted) URLs are fetched again, known URLs are kept.
`,
    )
    .action(lazyAction(runtime, () => import('./start.ts')));

  crawlCommand(crawl, 'stop <engine>', 'Stop the crawl: URLs not fetched yet become Interrupted')
    .addHelpText('after', examples('siteseer crawl stop "Docs search"'))
    .action(lazyAction(runtime, () => import('./stop.ts')));

  crawlCommand(crawl, 'report <engine>', 'The crawl report: crawled URLs with their status, 10 a page')
    // `crawl status` is what many look for next to start and stop; without the alias Commander
    // suggested `start`, which starts a crawl. The report says the crawl's state and counts.
    .alias('status')
    .option('--filter <text>', 'Only URLs containing this text (more than 3 characters)')
    .addOption(
      new Option('--status <status>', "Only URLs of this status: a code or label ('Success', 3, '404')"),
    )
    .option('--page <n>', 'The page to show (1 = first)')
    .option('--sitemaps', 'List the sitemaps the crawl read or refused, and why, instead of URLs')
    .addHelpText(
      'after',
      `${examples(
        'siteseer crawl report "Docs search"',
        'siteseer crawl report "Docs search" --filter /blog/ --status Success --page 2',
        'siteseer crawl report "Docs search" --sitemaps',
        'siteseer crawl report "Docs search" --json | jq .counts',
      )}
--json prints the report call's answer (hits.total.value, took, finalized, hits.hits[], state,
sitemaps once the crawl has read them) with counts as { "<status label>": <number of URLs> } for
every status, plus page and pageCount.
`,
    )
    .action(lazyAction(runtime, () => import('./report.ts')));

  crawlCommand(crawl, 'publish <engine>', 'Publish the latest finished crawl: search answers from its pages')
    .option('--force', 'Publish it even when it was held back for losing pages (more than 10%)')
    .addHelpText(
      'after',
      `${examples('siteseer crawl publish "Docs search"', 'siteseer crawl publish "Docs search" --force --json')}
A finished crawl is published by itself unless it found more than 10 % fewer pages than the
published one; \`crawl report\` then says so, and this command publishes it only with --force
(POST datasource/crawler/publish).
`,
    )
    .action(lazyAction(runtime, () => import('./publish.ts')));

  crawlCommand(crawl, 'inspect <engine> <url>', 'Why is this page not in my search? Fetch it now and explain')
    .addHelpText(
      'after',
      `${examples(
        'siteseer crawl inspect "Docs search" https://docs.example.com/pricing',
        'siteseer crawl inspect "Docs search" docs.example.com/old --json | jq .reasons',
      )}
The server fetches URL now as the engine's crawler would (its sites and URL filters, robots.txt,
the address policy, redirects, JavaScript rendered in Chromium when the engine renders it,
canonical, noindex and nofollow, content and exclude targets) and says why the page would not be
indexed, then a line per step: the robots.txt line that decides, the redirects, status, content
type, rendering, title, word count, the published page it duplicates, and whether the published
crawl holds it, since when, and where search ranks it for its own title. Nothing is stored.
--json prints one object: url, indexable, inPublishedCrawl, reasons (empty when indexable), robots
{ allowed, rule }, status, contentType, canonical, redirects, rendering (off, rendered, timeout,
failed, unavailable; null when no HTML page was read), title, excerpt and the other steps. An account may inspect 20 URLs a minute, 2 at once (POST datasource/crawler/inspect).
`,
    )
    .action(lazyAction(runtime, () => import('./inspect.ts')));

  crawlCommand(
    crawl,
    'credentials <engine>',
    'Set or clear the sign-in the crawler sends to a site behind a login',
  )
    .requiredOption('--site <url>', "The start site (one of the engine's) the sign-in is for")
    .option(
      '--basic <user:password>',
      'HTTP Basic: USER:PASSWORD, or USER alone to read the password as below',
    )
    .option(
      '--header <"name: value">',
      "A request header: 'NAME: VALUE', or NAME alone to read the value as below",
    )
    .option(
      '--cookie <"name=value">',
      "Cookies: 'NAME=VALUE' (several: 'A=1; B=2'), or NAME alone to read the value",
    )
    .option('--clear', "Remove the site's sign-in")
    .option('--secret-stdin', 'Read the secret the flag leaves out from standard input (its first line)')
    .addHelpText(
      'after',
      `${examples(
        'siteseer crawl credentials "Docs search" --site https://docs.example.com/ --cookie \'session=abc123; region=eu\'',
        'pass show staff-wiki | siteseer crawl credentials "Docs search" --site https://wiki.example.com/ --basic crawler --secret-stdin',
        'SITESEER_CRAWL_SECRET="$TOKEN" siteseer crawl credentials "Docs search" --site https://docs.example.com/ --header Authorization',
        'siteseer crawl credentials "Docs search" --site https://docs.example.com/ --clear',
      )}
The crawler sends the sign-in (one per site: HTTP Basic, one header, or cookies) to that site's
origin only, never to another site nor after a redirect elsewhere; the server stores it encrypted
and never shows it again (\`--json\` prints { site, kind, set, label, updatedAt }). A secret on the
command line is seen by other users of the machine (ps) and kept in shell history: leave it out
of the flag (--basic USER, --header NAME, --cookie NAME) and it is read from standard input with
--secret-stdin, else from SITESEER_CRAWL_SECRET. It is never echoed; no terminal is needed.
(PUT / DELETE datasource/crawler/credentials)
`,
    )
    .action(lazyAction(runtime, () => import('./credentials.ts')));

  crawlCommand(
    crawl,
    'watch <engine>',
    'Follow the crawl live until it ends (exit 0 finished, 1 failed or stopped)',
  )
    .option('--interval <seconds>', 'Seconds between two reads of the crawl report (default 1)')
    .option(
      '--timeout <duration>',
      'Stop watching after this long (e.g. 90s, 30m, 1h30m; a number is seconds): exit 124, the crawl goes on',
    )
    .addHelpText(
      'after',
      `${examples(
        'siteseer crawl watch "Docs search"',
        'siteseer crawl start "Docs search" && siteseer crawl watch "Docs search" --interval 5 > crawl.log',
        'siteseer crawl watch "Docs search" --timeout 30m   # in CI: exit 124 if still crawling then',
      )}
On a terminal: a live view (counts by status, fetched / known URLs, pages per second, the URLs
checked last). Otherwise one line each time a count or the state changes, e.g.
  crawling  412/1030 fetched  Success 380 · 404 12 · Redirected 20  38.2 pages/s
--json prints such a change as one JSON object a line. Ctrl-C stops watching (exit 130), not the crawl.
A passing failure to read the report (network, 502/503/504) is tried again 3 times (1 s, 2 s, 4 s
apart) before the watch fails. Without --timeout it watches until the crawl ends.
`,
    )
    .action(lazyAction(runtime, () => import('./watch.ts')));
}
